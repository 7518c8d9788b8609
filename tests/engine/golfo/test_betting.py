"""RULES.md §2, the envite: pass, bet, call, raise, fold; closing a round; table stakes."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError, NotSeated, NotYourTurn
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Discard,
    Ending,
    Fold,
    Lance,
    Pass,
    Raise,
    State,
    apply,
    legal_moves,
    view,
)
from games.engine.golfo.serialize import state_to_json
from tests.engine.golfo.helpers import after_a_first_hand, play, table

DEAL = "9O 8O  9C 8C  9E 8E  7O 6O 5O  7C 6C 5C  7E 6E 5E"


def refused(state: State, seat: int | None, action: Action) -> str:
    """The code of the error refusing ``action``; the state must be left exactly as it was."""
    before = state_to_json(state)
    with pytest.raises(EngineError) as error:
        apply(state, seat, action)
    assert state_to_json(state) == before
    return error.value.code


def test_the_first_player_may_pass_or_bet_at_least_the_table_minimum() -> None:
    state = table(DEAL)
    assert refused(state, 1, Bet(19)) == "amount_out_of_range"
    assert refused(state, 1, Bet(991)) == "amount_out_of_range"  # more than he has
    assert play(state, (1, Pass())).turn == 2
    assert play(state, (1, Bet(20))).current_bet == 20


def test_nobody_calls_raises_or_folds_before_a_bet() -> None:
    state = table(DEAL)
    assert refused(state, 1, Call()) == "no_bet_to_answer"
    assert refused(state, 1, Raise(20)) == "no_bet_to_answer"
    assert refused(state, 1, Fold()) == "no_bet_to_answer"


def test_after_a_bet_the_next_players_call_raise_or_fold_but_cannot_pass() -> None:
    state = play(table(DEAL), (1, Bet(50)))
    assert refused(state, 2, Pass()) == "bet_to_answer"
    assert [move["kind"] for move in legal_moves(state, 2)] == ["call", "raise", "fold"]
    called = play(state, (2, Call()))
    assert called.players[2].round_bet == 50
    folded = play(state, (2, Fold()))
    assert folded.players[2].folded and folded.turn == 3


def test_a_raise_must_equal_or_beat_the_previous_bet() -> None:
    state = play(table(DEAL), (1, Bet(50)))
    assert refused(state, 2, Raise(49)) == "amount_out_of_range"
    state = play(state, (2, Raise(60)))
    assert state.current_bet == 110
    assert state.players[2].round_bet == 110
    assert refused(state, 3, Raise(59)) == "amount_out_of_range"
    assert play(state, (3, Raise(60))).current_bet == 170


def test_each_round_opens_afresh_at_the_table_minimum() -> None:
    state = play(table(DEAL), (1, Bet(200)), (2, Call()), (3, Call()))
    assert state.lance is Lance.ENVITE_2
    assert play(state, (1, Bet(20))).current_bet == 20


def test_the_round_closes_when_everyone_still_in_has_matched_and_nobody_raised() -> None:
    state = play(table(DEAL), (1, Bet(50)), (2, Call()))
    assert state.lance is Lance.ENVITE_1 and state.turn == 3
    state = play(state, (3, Call()))
    assert state.lance is Lance.ENVITE_2
    assert [p.committed for p in state.players] == [0, 60, 60, 60]


def test_a_raise_sends_the_betting_round_again() -> None:
    state = play(table(DEAL), (1, Bet(50)), (2, Raise(50)), (3, Call()))
    assert state.turn == 1 and state.lance is Lance.ENVITE_1
    state = play(state, (1, Call()))
    assert state.lance is Lance.ENVITE_2
    assert [p.committed for p in state.players] == [0, 110, 110, 110]


def test_a_folded_player_is_skipped_and_may_not_act_again() -> None:
    state = play(table(DEAL), (1, Bet(50)), (2, Fold()), (3, Raise(50)))
    assert state.turn == 1
    assert refused(state, 2, Call()) == NotSeated.code
    state = play(state, (1, Call()))
    assert state.lance is Lance.ENVITE_2
    assert state.players[2].hand and len(state.players[2].hand) == 2  # no more cards for him


def test_only_the_player_whose_turn_it_is_may_act_and_the_dealer_never() -> None:
    state = table(DEAL)
    assert refused(state, 2, Pass()) == NotYourTurn.code
    assert refused(state, 0, Pass()) == NotSeated.code
    assert refused(state, None, Pass()) == NotSeated.code
    assert refused(state, 1, Discard()) == "wrong_phase"


def test_if_everybody_folds_to_a_bet_the_bettor_takes_the_pot_and_shows_nothing() -> None:
    state = play(table(DEAL), (1, Pass()), (2, Bet(100)), (3, Fold()), (1, Fold()))
    assert state.lance is Lance.HAND_OVER
    assert state.result is not None
    assert state.result.ending is Ending.FOLD_OUT
    assert state.result.shown == {}
    assert [p.stack for p in state.players] == [1000, 990, 1020, 990]  # his bet came back
    for viewer in (None, 0, 1, 3):
        seen = view(state, viewer)
        assert seen["result"]["shown"] == []
        assert seen["seats"][2]["cards"] is None


def test_table_stakes_a_call_for_more_than_he_has_puts_him_all_in() -> None:
    state = after_a_first_hand(850, DEAL)  # seat 3 starts hand 2 with 130 behind
    state = play(state, (2, Bet(500)), (3, Call()))
    assert state.players[3].stack == 0 and state.players[3].all_in
    assert state.players[3].committed == 140
    assert state.turn == 0


def test_nobody_bets_more_than_he_has() -> None:
    state = after_a_first_hand(850, DEAL)
    state = play(state, (2, Pass()))
    assert legal_moves(state, 3) == [{"kind": "pass"}, {"kind": "bet", "min": 20, "max": 130}]
    assert refused(state, 3, Bet(131)) == "amount_out_of_range"


def test_a_short_all_in_raise_does_not_reopen_the_betting() -> None:
    state = after_a_first_hand(850, DEAL)  # seat 3: 130 behind
    state = play(state, (2, Bet(100)), (3, Raise(30)))  # all in, 70 short of a full raise
    assert state.current_bet == 130
    assert [move["kind"] for move in legal_moves(state, 0)] == ["call", "raise", "fold"]
    assert legal_moves(state, 0)[1]["min"] == 100  # the last full raise still sets the step
    state = play(state, (0, Call()))
    assert state.turn == 2
    assert [move["kind"] for move in legal_moves(state, 2)] == ["call", "fold"]
    assert refused(state, 2, Raise(100)) == "raise_closed"
    state = play(state, (2, Call()))
    assert state.lance is Lance.ENVITE_2


def test_a_full_raise_after_a_short_all_in_reopens_it() -> None:
    state = after_a_first_hand(850, DEAL)
    state = play(state, (2, Bet(100)), (3, Raise(30)), (0, Raise(100)))
    assert [move["kind"] for move in legal_moves(state, 2)] == ["call", "raise", "fold"]


def test_a_short_raise_is_allowed_only_all_in() -> None:
    state = after_a_first_hand(850, DEAL)
    state = play(state, (2, Bet(100)))
    assert refused(state, 3, Raise(29)) == "amount_out_of_range"  # short, and not all in
    assert legal_moves(state, 3)[1] == {"kind": "raise", "min": 30, "max": 30}


def test_an_uncalled_bet_comes_back_when_the_others_are_all_in_for_less() -> None:
    state = after_a_first_hand(850, DEAL)
    state = play(state, (2, Bet(600)), (3, Call()), (0, Fold()))
    assert state.lance is Lance.DESCARTE_1  # nobody left to bet against: no envite 2
    assert state.players[2].committed == state.players[3].committed == 140
