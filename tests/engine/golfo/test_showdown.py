"""RULES.md §2, the showdown: best hand value takes the pot; ties by seat order or split."""

from __future__ import annotations

from games.engine.golfo import Bet, Call, Ending, Fold, Options, Pass, TieRule, view
from games.engine.golfo.invariants import leaks
from tests.engine.golfo.helpers import play, quietly_to_the_end, table

# Served from the dealer's right: two cards each, then three each.
ALL_THIRTY = "9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E"


def test_the_highest_hand_value_takes_the_pot_and_every_hand_still_in_is_shown() -> None:
    state = quietly_to_the_end(table("9O 3C  9C 8C  9E 3O  7O 6O 5O  7C 6C 5C  4E 6E 5E"))
    assert state.result is not None and state.result.ending is Ending.SHOWDOWN
    assert [(pot.amount, pot.winners) for pot in state.result.pots] == [(30, [2])]
    assert state.players[2].stack == 1020
    shown = view(state, None)["result"]["shown"]
    assert [(entry["seat"], entry["value"]) for entry in shown] == [(1, 27), (2, 30), (3, 24)]


def test_a_tie_goes_to_the_tied_player_nearest_the_dealers_right() -> None:
    state = quietly_to_the_end(table(ALL_THIRTY, dealer=0))
    assert state.result is not None and state.result.tied
    assert state.result.pots[0].winners == [1]
    state = quietly_to_the_end(table(ALL_THIRTY, dealer=2))  # served: 3, 0, 1
    assert state.result is not None and state.result.pots[0].winners == [3]
    assert [p.stack for p in state.players] == [990, 990, 1000, 1020]


def test_with_the_split_option_tied_hands_share_and_odd_chips_go_from_the_dealers_right() -> None:
    options = Options(ante=5, tie=TieRule.SPLIT)
    # Seats 1 and 3 tie at 30; seat 2 has 27.
    state = quietly_to_the_end(
        table("9O 8O  9C 3E  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E", options=options)
    )
    assert state.result is not None
    pot = state.result.pots[0]
    assert (pot.amount, pot.winners, pot.shares) == (15, [1, 3], [8, 7])
    assert [p.stack for p in state.players] == [1000, 1003, 995, 1002]


def test_a_folded_hand_is_never_shown_not_even_after_the_hand() -> None:
    state = play(table(ALL_THIRTY), (1, Bet(50)), (2, Fold()), (3, Call()))
    state = quietly_to_the_end(state)
    assert state.result is not None and set(state.result.shown) == {1, 3}
    for viewer in (None, 0, 1, 3):
        seen = view(state, viewer)
        assert seen["seats"][2]["cards"] is None
        assert leaks(state, viewer, seen) == []
    assert view(state, 2)["seats"][2]["cards"] is not None  # his own, to himself only


def test_the_winner_of_a_pot_to_which_everybody_passed_is_decided_at_the_showdown() -> None:
    state = play(table(ALL_THIRTY), (1, Pass()), (2, Pass()), (3, Pass()))
    state = quietly_to_the_end(state)
    assert state.result is not None
    assert state.result.pots[0].amount == 3 * Options().ante
