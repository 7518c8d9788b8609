"""Pai Gow Poker through the engine protocol, as the table will use it: the module satisfies
``GameEngine`` (checked by mypy: ``mypy tests/engine/paigow/test_surface.py``), the stages of a
coup, the default moves when a clock runs out, a bot coup from views alone."""

from __future__ import annotations

from games.engine import paigow
from games.engine.paigow import Action, Bet, HouseWay, NextHand, Options, SitOut, State
from games.engine.protocol import HAND_OVER, PLAYING, GameEngine
from tests.engine.paigow.helpers import deck, play

ENGINE: GameEngine[State, Action, Options] = paigow

BANK = "KB KC 8O 6E 5B 4C 2O"


def fixed() -> State:
    deal = {"decks": {"1": [card.to_json() for card in deck("AO AC QE 9B 3O 10C 9C", BANK)]}}
    return ENGINE.start_match(players=2, options=Options(), seed="s", deal=deal)


def test_a_coup_through_the_protocol() -> None:
    state = fixed()
    assert ENGINE.stage(state) == PLAYING and ENGINE.turn(state) is None
    assert ENGINE.default_move(state, 0, []) == SitOut()
    state = play(state, (0, Bet(100)), (1, SitOut()))
    assert ENGINE.default_move(state, 0, []) == HouseWay()
    state = play(state, (0, ENGINE.default_move(state, 0, [])))
    assert ENGINE.stage(state) == HAND_OVER
    assert ENGINE.net_chips(state) == [95, 0]
    assert ENGINE.counts(state) == [1095, 1000]
    assert ENGINE.next_hand() == NextHand()
    assert ENGINE.hand_no(play(state, (None, NextHand()))) == 2


def test_bots_play_a_coup_from_their_views_alone() -> None:
    state = fixed()
    while ENGINE.stage(state) == PLAYING:
        seat = next(s for s in range(2) if ENGINE.move_kinds(ENGINE.view(state, s)))
        state = play(state, (seat, ENGINE.bot_move(ENGINE.view(state, seat))))
    assert [seat.bet for seat in state.seats] == [20, 20]
    assert ENGINE.hands_face_up(state)[0][0].startswith("AO#")


def test_replay_through_the_protocol_reaches_the_same_state() -> None:
    log: list[tuple[int | None, Action]] = [(0, Bet(100)), (1, SitOut()), (0, HouseWay())]
    state = play(ENGINE.start_match(players=2, options=Options(), seed="s", deal=None), *log)
    again = ENGINE.replay_match(seed="s", options=Options(), players=2, actions=log, deal=None)
    assert ENGINE.state_to_json(again) == ENGINE.state_to_json(state)
