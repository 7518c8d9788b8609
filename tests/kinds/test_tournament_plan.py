"""RULES.md §4, the plan of a tournament (docs/tournaments.md): the random draw to balanced
tables, the moves that rebalance and break tables between rounds, the places at the end."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.kinds.tournament_plan import (
    Move,
    Out,
    OutTies,
    TableSizes,
    draw_tables,
    places,
    rebalance,
    seated_after,
    table_count,
)

THREE_TO_FIVE = TableSizes(smallest=3, best=4, largest=5)
FOUR_OR_THREE = TableSizes(smallest=3, best=4, largest=4)


def sizes_of(tables: list[list[int]]) -> list[int]:
    return [len(table) for table in tables]


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (2, [2]),
        (3, [3]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (13, [4, 3, 3, 3]),
        (24, [4] * 6),
    ],
)
def test_draw__tables_of_3_to_5_four_where_the_numbers_allow(
    players: int, sizes: list[int]
) -> None:
    tables = draw_tables(range(players), THREE_TO_FIVE, random.Random(1))
    assert sizes_of(tables) == sizes
    assert table_count(players, THREE_TO_FIVE) == len(sizes)


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (2, [2]),
        (4, [4]),
        (5, [3, 2]),
        (6, [3, 3]),
        (7, [4, 3]),
        (9, [3, 3, 3]),
        (13, [4, 3, 3, 3]),
        (16, [4] * 4),
    ],
)
def test_draw__tables_of_4_three_where_needed_two_only_when_forced(
    players: int, sizes: list[int]
) -> None:
    assert sizes_of(draw_tables(range(players), FOUR_OR_THREE, random.Random(1))) == sizes


def test_draw__is_random_and_seats_everyone_once() -> None:
    draws = {
        tuple(map(tuple, draw_tables(range(12), THREE_TO_FIVE, random.Random(seed))))
        for seed in range(20)
    }
    assert len(draws) > 1
    for draw in draws:
        assert sorted(p for table in draw for p in table) == list(range(12))


def test_rebalance__balanced_tables_stay_as_they_are() -> None:
    assert rebalance({1: [1, 2, 3, 4], 2: [5, 6, 7]}, THREE_TO_FIVE, random.Random(0)) == []


def test_rebalance__a_player_moves_from_the_largest_table_to_the_smallest() -> None:
    tables = {1: [1, 2, 3, 4], 2: [5, 6], 3: [7, 8, 9, 10]}  # 10 still need 3 tables
    moves = rebalance(tables, THREE_TO_FIVE, random.Random(0))
    assert len(moves) == 1
    (move,) = moves
    assert (move.from_table, move.to_table) == (3, 2)  # ties: the highest id gives
    assert move.player in tables[3]


def test_rebalance__a_draw_never_breaks_before_anyone_is_out() -> None:
    for players in range(2, 61):
        for sizes in (THREE_TO_FIVE, FOUR_OR_THREE):
            tables = dict(enumerate(draw_tables(range(players), sizes, random.Random(players))))
            assert rebalance(tables, sizes, random.Random(0)) == []


def test_rebalance__when_the_players_fit_one_table_fewer_the_smallest_breaks() -> None:
    tables = {1: [1, 2, 3], 2: [4, 5, 6], 3: [7, 8, 9]}  # 9 still in: 3 tables of 3
    after = {1: [1, 2, 3], 2: [4, 5], 3: [7, 8, 9]}  # 8 fit two tables of 4
    moves = rebalance(after, THREE_TO_FIVE, random.Random(0))
    assert {move.from_table for move in moves} == {2}
    assert sorted(move.player for move in moves) == [4, 5]
    seated = seated_after(after, moves)
    assert seated[2] == []
    assert sorted(len(seated[table]) for table in (1, 3)) == [4, 4]
    assert rebalance(tables, THREE_TO_FIVE, random.Random(0)) == []


def test_rebalance__ties_between_the_smallest_tables_break_the_highest_id() -> None:
    moves = rebalance({1: [1, 2], 2: [3, 4], 3: [5, 6]}, THREE_TO_FIVE, random.Random(0))
    assert {move.from_table for move in moves} == {3}
    assert sorted(map(len, seated_after({1: [1, 2], 2: [3, 4], 3: [5, 6]}, moves).values())) == [
        0,
        3,
        3,
    ]


def test_rebalance__several_eliminations_at_once_break_several_tables() -> None:
    tables = {1: [1, 2], 2: [3], 3: [4, 5], 4: [6, 7, 8]}
    seated = seated_after(tables, rebalance(tables, THREE_TO_FIVE, random.Random(3)))
    assert sorted(map(len, seated.values())) == [0, 0, 4, 4]


def test_rebalance__a_final_table_of_two_is_the_last_table() -> None:
    tables = {1: [1], 2: [2]}
    moves = rebalance(tables, THREE_TO_FIVE, random.Random(0))
    assert moves == [Move(2, 2, 1)]


def test_rebalance__five_players_at_tables_of_4_play_3_and_2() -> None:
    tables = {1: [1, 2, 3, 4], 2: [5]}
    seated = seated_after(tables, rebalance(tables, FOUR_OR_THREE, random.Random(0)))
    assert sorted(map(len, seated.values())) == [2, 3]


def test_places__later_eliminations_place_higher_the_same_round_shares() -> None:
    outs = {1: Out(1), 2: Out(1), 3: Out(2), 4: None}
    assert places(outs, "share") == {1: 3, 2: 3, 3: 2, 4: 1}


def test_places__in_the_same_round_more_chips_place_higher_equal_chips_share() -> None:
    outs = {
        1: Out(3, chips_before=50),
        2: Out(3, chips_before=120),
        3: Out(3, chips_before=50),
        4: Out(1, chips_before=400),
        5: None,
    }
    assert places(outs, "chips") == {5: 1, 2: 2, 1: 3, 3: 3, 4: 5}


def test_places__chips_placing_needs_the_chips() -> None:
    with pytest.raises(ValueError):
        places({1: Out(1), 2: None}, "chips")


# --- properties --------------------------------------------------------------------------------


def check_tables(tables: dict[int, list[int]], sizes: TableSizes, everyone: set[int]) -> None:
    """Every player at one table, none over ``largest``, balanced within one, no more tables than
    needed, and under ``smallest`` only at a last table or where ``largest`` forces it."""
    seated = [p for players in tables.values() for p in players]
    assert Counter(seated) == Counter(everyone)
    playing = [len(players) for players in tables.values() if players]
    if not playing:
        return
    assert max(playing) <= sizes.largest
    assert max(playing) - min(playing) <= 1
    assert len(playing) <= table_count(len(seated), sizes)
    if len(playing) > 1 and min(playing) < sizes.smallest:
        assert len(seated) < sizes.smallest * len(playing)


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(2, 60),
    sizes=st.sampled_from([THREE_TO_FIVE, FOUR_OR_THREE]),
    seed=st.integers(0, 10**6),
    going=st.integers(1, 100),
)
def test_property__draw_and_rebalancing_keep_every_table_within_its_sizes(
    players: int, sizes: TableSizes, seed: int, going: int
) -> None:
    """Rounds of random eliminations (each player out with ``going`` percent chance, at least one
    a round, one at least staying at each table), each followed by a rebalance."""
    rng = random.Random(seed)
    tables = dict(enumerate(draw_tables(range(players), sizes, rng), start=1))
    everyone = set(range(players))
    check_tables(tables, sizes, everyone)
    assert len(tables) == table_count(players, sizes)
    while len(everyone) > 1:
        out = 0
        for players_in in tables.values():
            for player in list(players_in[1:]):
                if rng.randrange(100) < going:
                    players_in.remove(player)
                    everyone.discard(player)
                    out += 1
        if not out:
            players_in = next(p for p in tables.values() if len(p) > 1)
            everyone.discard(players_in.pop())
        before = sum(1 for players_in in tables.values() if players_in)
        moves = rebalance(tables, sizes, rng)
        assert len({move.player for move in moves}) == len(moves)
        assert all(move.from_table != move.to_table for move in moves)
        tables = seated_after(tables, moves)
        check_tables(tables, sizes, everyone)
        assert sum(1 for players_in in tables.values() if players_in) <= before


@settings(max_examples=200, deadline=None)
@given(
    rounds=st.lists(st.lists(st.integers(0, 500), min_size=1, max_size=5), max_size=8),
    ties=st.sampled_from(["share", "chips"]),
)
def test_property__places_are_a_competition_ranking_with_one_winner(
    rounds: list[list[int]], ties: OutTies
) -> None:
    outs: dict[int, Out | None] = {}
    for number, chips in enumerate(rounds, start=1):
        for amount in chips:
            outs[len(outs)] = Out(number, chips_before=amount)
    winner = len(outs)
    outs[winner] = None
    placed = places(outs, ties)
    assert set(placed) == set(outs)
    assert [p for p, place in placed.items() if place == 1] == [winner]
    for place in set(placed.values()):
        assert place == 1 + sum(other < place for other in placed.values())
    for a, out_a in outs.items():
        for b, out_b in outs.items():
            if out_a is not None and out_b is not None and out_a.round < out_b.round:
                assert placed[a] > placed[b]
