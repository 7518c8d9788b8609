"""RULES.md §2: the match. Rebuys up to the starting stack, or freezeout with elimination;
two players left both play and deal in turn; hands follow one another when the table says so."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Fold,
    Lance,
    NextHand,
    Options,
    Pass,
    Rebuy,
    Stakes,
    State,
    apply,
    awaited_between_hands,
    legal_moves,
    view,
)
from tests.engine.golfo.helpers import next_hand, play, quietly_to_the_end, table

SMALL = Options(starting_stack=100, ante=10, min_bet=10)
FREEZEOUT = Options(starting_stack=100, ante=10, min_bet=10, stakes=Stakes.FREEZEOUT)
# Served from the dealer's right: the second player served has the best hand (30 in copas).
SECOND_WINS = "3O 4O  9C 8C  3E 4E  5O 6O 7B  7C 6C 5C  5E 6E 7O"  # three more each
SECOND_WINS_OF_TWO = "3O 4O  9C 8C  5O 6O 7B  7C 6C 5C"


def code(state: State, seat: int | None, action: Action) -> str:
    with pytest.raises(EngineError) as refused:
        apply(state, seat, action)
    return refused.value.code


def bust_seat_1(options: Options) -> State:
    """Seat 1 goes all in in the first envite and loses it to seat 2 (four seats, dealer 0)."""
    state = play(table(SECOND_WINS, options=options), (1, Bet(90)), (2, Call()), (3, Fold()))
    state = quietly_to_the_end(state)
    assert state.players[1].stack == 0
    return state


def test_a_player_left_without_chips_may_take_a_new_stake_up_to_the_starting_stack() -> None:
    state = bust_seat_1(SMALL)
    assert state.lance is Lance.HAND_OVER
    assert legal_moves(state, 1) == [{"kind": "rebuy", "min": 1, "max": 100}]
    assert code(state, 1, Rebuy(101)) == "amount_out_of_range"
    assert code(state, 2, Rebuy(50)) == "rebuy_refused"  # he still has chips
    state = play(state, (1, Rebuy(60)))
    assert state.players[1].stack == 60 and state.players[1].rebought == 60
    assert code(state, 1, Rebuy(40)) == "rebuy_refused"  # once he has chips again


def test_between_hands_the_table_awaits_only_the_player_who_may_take_a_new_stake() -> None:
    state = bust_seat_1(SMALL)
    assert awaited_between_hands(state) == [1]
    assert awaited_between_hands(play(state, (1, Rebuy(60)))) == []
    assert awaited_between_hands(bust_seat_1(FREEZEOUT)) == []  # out, not awaited


def test_without_a_new_stake_he_sits_out_and_the_others_play_as_a_table_of_three() -> None:
    state = next_hand(bust_seat_1(SMALL))
    assert state.dealer == 2  # seat 1, without chips, is passed over
    assert [p.in_hand for p in state.players] == [True, False, False, True]
    assert state.turn == 3
    state = play(state, (1, Rebuy(100)))  # he may buy in while he sits out ...
    state = next_hand(quietly_to_the_end(state))
    assert state.players[1].in_hand  # ... and plays the next hand


def test_a_stake_smaller_than_the_ante_goes_all_in_on_the_ante() -> None:
    state = play(bust_seat_1(SMALL), (1, Rebuy(4)), (None, NextHand()))
    assert state.dealer == 1  # with chips again, he takes his turn to deal ...
    state = next_hand(quietly_to_the_end(state))  # ... then plays
    assert state.dealer == 2
    assert state.players[1].committed == 4 and state.players[1].all_in


def test_in_a_freezeout_a_player_without_chips_is_out_and_watches_as_a_spectator() -> None:
    state = bust_seat_1(FREEZEOUT)
    assert state.players[1].eliminated
    assert code(state, 1, Rebuy(100)) == "not_seated"
    assert view(state, 1) == view(state, None)
    state = next_hand(state)
    assert state.dealer == 2 and not state.players[1].in_hand
    assert code(state, 1, Pass()) == "not_seated"


def test_when_two_players_remain_both_play_every_hand_and_the_deal_alternates() -> None:
    state = table(SECOND_WINS_OF_TWO, players=3, dealer=0, options=FREEZEOUT)
    state = quietly_to_the_end(play(state, (1, Bet(90)), (2, Call())))
    assert state.players[1].eliminated
    state = next_hand(state)
    assert state.dealer == 2
    assert [p.in_hand for p in state.players] == [True, False, True]  # the dealer plays too
    assert state.turn == 0  # the dealer's right speaks first
    state = next_hand(quietly_to_the_end(state))
    assert state.dealer == 0 and state.turn == 2


def test_the_last_player_with_chips_wins_a_freezeout() -> None:
    state = table(
        SECOND_WINS_OF_TWO, players=3, dealer=0, options=FREEZEOUT, later={2: SECOND_WINS_OF_TWO}
    )
    state = quietly_to_the_end(play(state, (1, Bet(90)), (2, Call())))
    state = next_hand(state)  # dealer 2: seat 0 served first, seat 2 (with 190) second
    state = quietly_to_the_end(play(state, (0, Bet(90)), (2, Call())))
    assert state.lance is Lance.MATCH_OVER and state.winner == 2
    assert code(state, None, NextHand()) == "game_over"
    assert view(state, 0)["winner"] == 2


def test_the_next_hand_is_dealt_by_the_table_only_once_the_hand_is_over() -> None:
    state = table(SECOND_WINS)
    assert code(state, None, NextHand()) == "wrong_phase"
    state = quietly_to_the_end(state)
    assert code(state, 1, NextHand()) == "table_move"
    assert legal_moves(state, None) == [{"kind": "next_hand"}]
    assert next_hand(state).hand_no == 2


def test_with_rebuys_the_table_waits_for_two_players_with_chips() -> None:
    state = table(
        SECOND_WINS_OF_TWO, players=3, dealer=0, options=SMALL, later={2: SECOND_WINS_OF_TWO}
    )
    state = quietly_to_the_end(play(state, (1, Bet(90)), (2, Call())))
    state = next_hand(state)  # seat 1 sits out: seats 0 and 2 play
    state = quietly_to_the_end(play(state, (0, Bet(90)), (2, Call())))
    assert [p.stack for p in state.players] == [0, 0, 300]
    assert code(state, None, NextHand()) == "not_enough_players"
    state = next_hand(play(state, (0, Rebuy(100))))
    assert [p.in_hand for p in state.players] == [True, False, True]
