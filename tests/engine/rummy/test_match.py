"""RULES.md §1 "Match and elimination", the stock, and what happens between hands."""

from __future__ import annotations

import pytest

from games.engine.errors import GameOver, InvalidAction, NotSeated, WrongPhase
from games.engine.rummy import Discard, Draw, LayOff, NextHand, Ready, State, TakeDiscard, view
from games.engine.rummy.errors import AlreadyReady
from games.engine.rummy.invariants import check_state
from tests.engine.rummy.helpers import card, deal, draw_and_throw, play
from tests.engine.rummy.scenarios import MELDS_0, closing_hand, seco, three_players, turn


def test_match__everyone_starts_at_0_points() -> None:
    state = three_players()
    assert state.points == [0, 0, 0]
    assert [p["points"] for p in view(state, None)["players"]] == [0, 0, 0]


def test_elimination__a_player_reaching_3_points_is_out() -> None:
    state = closing_hand(open_1=True, open_2=False, points=[0, 2, 2])
    assert state.points == [0, 2, 3]
    assert state.result is not None and state.result.eliminated == (2,)
    assert state.phase == "hand_over"
    assert view(state, None)["players"][2]["eliminated"]


def test_elimination__the_eliminated_player_becomes_a_spectator() -> None:
    state = closing_hand(open_1=True, open_2=False, points=[0, 2, 2])
    state = play(state, 0, Ready())
    state = play(state, 1, Ready())
    assert state.hand_no == 2
    assert state.hands[2] == []
    assert view(state, 2) == view(state, None)
    assert view(state, 2)["hand"] is None and view(state, 2)["spectator"]
    with pytest.raises(NotSeated):
        play(state, 2, Draw())


def test_elimination__the_next_hand_is_dealt_by_the_next_player_still_in() -> None:
    state = closing_hand(open_1=True, open_2=False, points=[0, 2, 2])
    assert state.dealer == 2
    state = play(state, None, NextHand())
    assert state.dealer == 0
    assert state.turn == 1
    assert state.cut is not None and state.cut.seat == 1
    assert check_state(state) == []


def test_match__the_last_player_left_wins() -> None:
    state = seco(points=[1, 2, 2])
    assert state.phase == "match_over"
    assert state.winner == 0
    assert view(state, 1)["winner"] == 0
    with pytest.raises(GameOver):
        play(state, 0, Ready())
    with pytest.raises(GameOver):
        play(state, None, NextHand())


def test_next_hand__dealt_when_every_player_still_in_is_ready() -> None:
    state = closing_hand(open_1=True, open_2=True)
    state = play(state, 0, Ready())
    state = play(state, 2, Ready())
    assert state.phase == "hand_over" and view(state, 1)["legal"]["kinds"] == ["ready"]
    with pytest.raises(AlreadyReady):
        play(state, 0, Ready())
    state = play(state, 1, Ready())
    assert (state.phase, state.hand_no, state.dealer) == ("draw", 2, 0)
    assert state.points == [0, 1, 1] and not any(state.opened)


def test_next_hand__the_table_may_deal_without_waiting() -> None:
    state = closing_hand(open_1=True, open_2=True)
    with pytest.raises(InvalidAction):
        play(state, 0, NextHand())
    state = play(state, None, NextHand())
    assert state.hand_no == 2 and state.phase == "draw"


def test_next_hand__ready_and_next_hand_only_between_hands() -> None:
    state = three_players()
    with pytest.raises(WrongPhase):
        play(state, 0, Ready())
    with pytest.raises(WrongPhase):
        play(state, None, NextHand())
    with pytest.raises(NotSeated):
        play(state, None, Draw())


def test_next_hand__a_new_deck_from_the_match_seed() -> None:
    one = play(closing_hand(open_1=True, open_2=True), None, NextHand())
    two = play(closing_hand(open_1=True, open_2=True), None, NextHand())
    assert one == two
    assert sorted(c.id for h in one.hands for c in h) != sorted(range(42))
    assert check_state(one) == []


def test_hand_end__no_moves_but_ready_while_the_hand_is_over() -> None:
    state = closing_hand(open_1=True, open_2=True)
    with pytest.raises(WrongPhase):
        play(state, 1, Draw())


def test_stock__rebuilt_from_the_discards_but_the_top_card_when_empty() -> None:
    state = deal({})
    while state.stock:
        state = draw_and_throw(state)
    pile = list(state.discards)
    state = play(state, state.turn, Draw())
    assert state.discards == pile[-1:]
    assert state.rebuilds == 1
    assert len(state.stock) == len(pile) - 2
    assert {c.id for c in state.stock} | {state.hands[state.turn][-1].id} == {
        c.id for c in pile[:-1]
    }
    assert check_state(state) == []


def test_stock__the_rebuilt_stock_is_shuffled_from_the_seed() -> None:
    def exhausted() -> State:
        state = deal({})
        while state.stock:
            state = draw_and_throw(state)
        return play(state, state.turn, Draw())

    one, two = exhausted(), exhausted()
    assert [c.id for c in one.stock] == [c.id for c in two.stock]


def test_stock__no_card_left_to_draw_ends_the_hand_without_points() -> None:
    """Decision: stock empty and only the top discard left: the hand ends "agotada", no points."""
    state = three_players(stock="2B 3O 4E 6C 5E 9O")
    state = turn(state, 0, MELDS_0)
    state = turn(turn(state, 1), 2)
    assert str(state.top_discard) == "9O"
    state.hands[1] += state.stock + state.discards[:-1]
    state.stock, state.discards = [], state.discards[-1:]
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, LayOff(1, card(state, 0, "9O")))
    state = play(state, 0, Discard(card(state, 0, "2C")))
    assert state.phase == "hand_over"
    assert state.result is not None
    assert (state.result.ending, state.result.closer) == ("agotada", None)
    assert state.points == [0, 0, 0]
    assert check_state(state) == []
