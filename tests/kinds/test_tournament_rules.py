"""Each game's tournament rules (``GameKind.tournament``): a tournament hand is a match started
from the seats' carried counts and the round's dealer, and the table reads each seat's count
after it (``Match.counts``) without reading the engine's state."""

from __future__ import annotations

from games.engine.protocol import HAND_OVER, MATCH_OVER, PLAYING
from games.kinds.match import Match
from games.kinds.registry import GAMES
from games.kinds.tournament_plan import TableSizes

RUMMY = GAMES["rummy70"]
GOLFO = GAMES["golfo"]


def bots_to_the_end_of_the_hand(match: Match) -> Match:
    """Every move by the bots (and the table's own moves) until the hand is over."""
    while match.stage == PLAYING:
        seat = match.turn
        assert seat is not None
        move = match.bot_move(seat)
        assert move is not None
        match = match.apply(seat, move)
    return match


def test_only_the_games_with_tournaments_have_tournament_rules() -> None:
    assert {name for name, kind in GAMES.items() if kind.tournament} == {"rummy70", "golfo"}


def test_rummy_tournament__tables_of_3_to_5_players_start_at_0_points_and_share_places() -> None:
    rules = RUMMY.tournament
    assert rules is not None
    assert rules.sizes == TableSizes(smallest=3, best=4, largest=5)
    assert rules.start_count(5000) == 0
    assert rules.out_ties == "share"
    assert not rules.antes


def test_rummy_tournament__a_hand_starts_from_the_carried_points_and_dealer() -> None:
    rules = RUMMY.tournament
    assert rules is not None
    options = rules.hand_options({"joker_penalty": 30}, [2, 0, 1, 2], 3, 50)
    assert options == {
        "joker_penalty": 30,
        "cut_choice": True,
        "points": [2, 0, 1, 2],
        "dealer": 3,
    }
    match = RUMMY.rules.new_match(players=4, options=options, seed="tour-1", deal=None)
    assert match.counts() == [2, 0, 1, 2]
    assert match.view(None)["dealer"] == 3
    match = bots_to_the_end_of_the_hand(match)
    assert match.stage in (HAND_OVER, MATCH_OVER)
    after = match.counts()
    assert all(after[seat] >= before for seat, before in enumerate([2, 0, 1, 2]))
    assert [match.in_match(seat) for seat in range(4)] == [points < 3 for points in after]


def test_golfo_tournament__tables_of_4_start_with_the_chips_and_place_by_chips() -> None:
    rules = GOLFO.tournament
    assert rules is not None
    assert rules.sizes == TableSizes(smallest=3, best=4, largest=4)
    assert rules.start_count(5000) == 5000
    assert rules.out_ties == "chips"
    assert rules.antes


def test_golfo_tournament__a_hand_is_a_freezeout_from_the_carried_chips_and_the_ante() -> None:
    rules = GOLFO.tournament
    assert rules is not None
    table = {"starting_stack": 1000, "ante": 10, "min_bet": 10, "rebuy": "rebuy", "tie": "split"}
    options = rules.hand_options(table, [300, 40], 1, 25)
    assert options["stakes"] == "freezeout"
    assert options["stacks"] == [300, 40]
    assert (options["ante"], options["min_bet"]) == (25, 50)
    assert (options["dealer"], options["tie"]) == (1, "split")
    match = GOLFO.rules.new_match(players=2, options=options, seed="tour-1", deal=None)
    assert match.counts() == [300, 40]
    match = bots_to_the_end_of_the_hand(match)
    assert match.stage in (HAND_OVER, MATCH_OVER)
    assert sum(match.counts()) == 340
