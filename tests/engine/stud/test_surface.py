"""The stud through the engine protocol's functions: the table's moves, the default move when a
clock runs out, where the coup stands; and the simulator's command."""

from __future__ import annotations

import pytest

from games.engine import simulate
from games.engine.cards import parse, stacked
from games.engine.protocol import HAND_OVER, PLAYING
from games.engine.stud import (
    Bet,
    Deal,
    NextHand,
    Options,
    Ride,
    Withdraw,
    stud_deck,
    surface,
    view,
)
from tests.engine.stud.helpers import play, table


def test_the_betting_window_the_decisions_and_the_coups_end() -> None:
    state = surface.start_match(players=2, options=Options(), seed="s", deal=None)
    assert surface.stage(state) == PLAYING and surface.turn(state) is None
    assert surface.move_kinds(view(state, 0)) == ["bet"]
    state = play(state, (0, surface.bot_move(view(state, 0))), (None, Deal()))
    assert surface.turn(state) == 0 and surface.move_kinds(view(state, 1)) == []
    state = play(state, (0, surface.default_move(state, 0, [])))
    assert state.seats[0].riding == (False,)
    state = play(state, (0, Ride()))
    assert surface.stage(state) == HAND_OVER and surface.hand_no(state) == 1
    assert surface.next_hand() == NextHand()
    net = surface.net_chips(state)
    assert net is not None and net[1] == 0 and net[0] == state.seats[0].chips - 1000
    assert surface.counts(state) == [state.seats[0].chips, 1000]


def test_a_player_whose_clock_runs_out_withdraws_the_bet_being_decided() -> None:
    state = play(table(["2O 5C 9E"], "JB KB"), (0, Bet(4)), (None, Deal()))
    assert surface.default_move(state, 0, []) == Withdraw()
    state = play(state, (0, Withdraw()), (0, Withdraw()))
    assert state.seats[0].chips == 1000 - 4


def test_a_stored_deal_fixes_the_cards() -> None:
    deck = stacked(stud_deck(), parse("AO 4B KO 10O QO"))
    deal = {"decks": {"1": [card.to_json() for card in deck]}}
    state = surface.start_match(players=1, options=Options(), seed="s", deal=deal)
    state = play(state, (0, Bet(1)), (None, Deal()))
    assert [str(card) for card in state.seats[0].cards] == ["AO", "KO", "QO"]
    assert surface.hands_face_up(state)[0][0] == "AO#0"


def test_the_simulator_runs_the_stud(capsys: pytest.CaptureFixture[str]) -> None:
    assert "stud" in simulate.ENGINES
    assert simulate.main(["stud", "--coups", "60", "--seed", "3"]) == 0
    assert ": ok" in capsys.readouterr().out
