"""A match started from carried chips and a given dealer (a tournament's hand, RULES.md §4), and
a freezeout of two players, who both play every hand (RULES.md §2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import EngineError, InvalidAction
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Discard,
    Lance,
    Options,
    Pass,
    Stakes,
    counts,
    legal_moves,
    net_chips,
    new_match,
    places,
    replay,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.golfo.errors import BadTable
from games.engine.golfo.invariants import leaks, violations
from games.engine.golfo.simulation import mover
from games.engine.golfo.state import DISCARD_LANCES
from tests.engine.golfo.helpers import next_hand, play, quietly_to_the_end, table
from tests.engine.golfo.test_properties import legal_move

TOURNAMENT = Options(ante=10, min_bet=20, stakes=Stakes.FREEZEOUT, stacks=(150, 50))
# Two players, dealer 0: seat 1 is served first (3O 4O, then 5O 6O 7B: 18 in copas), seat 0
# second (9C 8C, then 7C 6C 5C: 30 in copas).
SEAT_0_WINS_OF_TWO = "3O 4O  9C 8C  5O 6O 7B  7C 6C 5C"


def test_options__old_json_without_stacks_or_dealer_loads_as_before() -> None:
    stored = {
        "starting_stack": 1000,
        "ante": 10,
        "min_bet": 20,
        "stakes": "freezeout",
        "tie": "split",
        "rebuild_without_own": True,
    }
    options = Options.from_json(stored)
    assert options.stacks is None and options.dealer is None
    assert options.to_json() == stored


def test_options__stacks_and_dealer_round_trip_through_json() -> None:
    options = Options(stakes=Stakes.FREEZEOUT, stacks=(150, 50, 20), dealer=1)
    assert options.to_json()["stacks"] == [150, 50, 20]
    assert options.to_json()["dealer"] == 1
    assert Options.from_json(options.to_json()) == options


@pytest.mark.parametrize(
    "data", [{"stacks": [100, 0]}, {"stacks": [100, -5]}, {"stacks": 100}, {"dealer": -1}]
)
def test_options__empty_or_garbage_stacks_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(InvalidAction):
        Options.from_json(data)


def test_new_match__each_seat_starts_with_its_stack_and_the_given_dealer() -> None:
    options = Options(ante=10, stakes=Stakes.FREEZEOUT, stacks=(300, 120, 80, 40), dealer=2)
    state = new_match(players=4, options=options, seed="t")
    assert state.dealer == 2
    assert counts(state) == [300, 120, 80, 40]
    assert [p.stack for p in state.players] == [290, 110, 80, 30]  # the dealer sits out
    assert violations(state) == []


def test_new_match__stacks_for_another_number_of_seats_are_refused() -> None:
    with pytest.raises(InvalidAction):
        new_match(players=3, options=Options(stakes=Stakes.FREEZEOUT, stacks=(100, 100)), seed="t")


def test_new_match__a_rebuy_match_of_two_is_refused() -> None:
    with pytest.raises(BadTable):
        new_match(players=2, options=Options(stakes=Stakes.REBUY), seed="t")


def test_new_match__a_rebuy_match_counts_its_net_chips_from_each_seats_stack() -> None:
    state = new_match(players=3, options=Options(stacks=(500, 1000, 1500)), seed="t")
    assert net_chips(state) == [0, 0, 0]
    assert violations(state) == []


def test_two_players__both_ante_and_play_and_the_better_hand_wins_the_match() -> None:
    state = table(SEAT_0_WINS_OF_TWO, players=2, dealer=0, options=TOURNAMENT)
    assert [p.in_hand for p in state.players] == [True, True]  # the dealer plays too
    assert [p.stack for p in state.players] == [140, 40]
    assert state.turn == 1  # the dealer's right speaks first
    state = play(state, (1, Bet(40)), (0, Call()))
    state = quietly_to_the_end(state)
    assert state.result is not None and set(state.result.shown) == {0, 1}
    assert state.lance is Lance.MATCH_OVER and state.winner == 0
    assert counts(state) == [200, 0]
    assert places(state) == [1, 2]


def test_two_players__the_deal_alternates_and_every_lance_is_played() -> None:
    options = Options(ante=10, min_bet=20, stakes=Stakes.FREEZEOUT, stacks=(150, 150))
    state = table(SEAT_0_WINS_OF_TWO, players=2, dealer=0, options=options)
    lances = []
    while state.turn is not None:
        lances.append(state.lance)
        state = play(state, (state.turn, Discard() if state.lance in DISCARD_LANCES else Pass()))
    assert list(dict.fromkeys(lances)) == [
        Lance.ENVITE_1,
        Lance.ENVITE_2,
        Lance.DESCARTE_1,
        Lance.ENVITE_3,
        Lance.DESCARTE_2,
        Lance.ENVITE_4,
    ]
    assert counts(state) == [160, 140]  # seat 0 took both antes at the showdown
    state = next_hand(state)
    assert state.dealer == 1 and state.turn == 0
    assert [p.in_hand for p in state.players] == [True, True]


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    stacks=st.lists(st.integers(1, 200), min_size=2, max_size=4),
    ante=st.integers(0, 20),
    min_bet=st.integers(1, 40),
    dealer=st.integers(0, 3),
    seed=st.integers(0, 10**6),
)
def test_carried_stacks__random_legal_play_keeps_every_rule(
    data: st.DataObject, stacks: list[int], ante: int, min_bet: int, dealer: int, seed: int
) -> None:
    players = len(stacks)
    options = Options(
        ante=ante,
        min_bet=min_bet,
        stakes=Stakes.FREEZEOUT,
        stacks=tuple(stacks),
        dealer=dealer % players,
    )
    state = new_match(players=players, options=options, seed=seed)
    assert state.dealer == dealer % players
    log: list[tuple[int | None, Action]] = []
    for _ in range(80):
        seat = mover(state)
        if seat is None and not legal_moves(state, None):
            break
        action = legal_move(data, state, seat)
        state = play(state, (seat, action))
        for viewer in [None, *range(players)]:
            assert leaks(state, viewer, view(state, viewer)) == []
        if players == 2 and state.lance not in (Lance.HAND_OVER, Lance.MATCH_OVER):
            assert [p.in_hand for p in state.players] == [True, True]
        log.append((seat, action))
    assert sum(counts(state)) == sum(stacks)
    assert state_to_json(replay(seed, options, players, log)) == state_to_json(state)
    assert state_to_json(state_from_json(state_to_json(state))) == state_to_json(state)


def test_refusals_change_nothing_in_a_match_of_two() -> None:
    state = table(SEAT_0_WINS_OF_TWO, players=2, dealer=0, options=TOURNAMENT)
    before = state_to_json(state)
    with pytest.raises(EngineError):
        play(state, (0, Bet(20)))
    assert state_to_json(state) == before
