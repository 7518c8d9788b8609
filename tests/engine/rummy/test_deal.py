"""RULES.md §1 "Players, deal and turn order": seats, cut, deal, first up-card, rotation."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError
from games.engine.rummy import Draw, NextHand, new_match, rummy_deck, stacked_deal
from games.engine.rummy.invariants import every_card
from tests.engine.rummy.helpers import deal, draw_and_throw, hand_text, play


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_players__2_to_6(players: int) -> None:
    state = new_match(players=players, seed=1)
    assert len(state.hands) == players


def test_players__the_default_table_is_4() -> None:
    assert new_match(seed=1).players == 4


@pytest.mark.parametrize("players", [0, 1, 7])
def test_players__fewer_than_2_or_more_than_6_refused(players: int) -> None:
    with pytest.raises(EngineError):
        new_match(players=players, seed=1)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_deal__14_cards_each_one_card_up_the_rest_is_the_stock(players: int) -> None:
    state = new_match(players=players, seed=7)
    assert all(len(hand) == 14 for hand in state.hands)
    assert len(state.discards) == 1
    assert len(state.stock) == 106 - 14 * players - 1
    assert sorted(c.id for c in every_card(state)) == list(range(106))


def test_deal__the_player_on_the_dealers_right_is_served_first_and_plays_first() -> None:
    deck = stacked_deal(players=4, dealer=2, hands={3: "AO 2O 3O"}, cut="KB")
    state = new_match(players=4, seed=1, deck=deck, dealer=2)
    assert state.turn == 3
    assert state.hands[3][0].id == deck[1].id
    assert {"AO", "2O", "3O"} <= set(hand_text(state, 3).split())


def test_deal__one_card_at_a_time_counter_clockwise_dealer_last() -> None:
    deck = rummy_deck()
    state = new_match(players=3, seed=1, deck=deck, dealer=0)
    assert str(state.cut.card if state.cut else None) == "AO"
    assert [state.hands[seat][0].id for seat in (1, 2, 0)] == [1, 2, 3]
    assert [state.hands[seat][1].id for seat in (1, 2, 0)] == [4, 5, 6]


def test_turn_order__counter_clockwise_and_the_dealer_plays_last() -> None:
    state = new_match(players=4, seed=3, dealer=1)
    seen = []
    for _ in range(4):
        seen.append(state.turn)
        state = draw_and_throw(state)
    assert seen == [2, 3, 0, 1]


def test_cut__the_player_on_the_dealers_left_shows_a_card() -> None:
    state = deal({}, players=4, dealer=2, cut="7C")
    assert state.cut is not None
    assert (state.cut.seat, str(state.cut.card), state.cut.kept) == (1, "7C", False)


def test_deal__same_seed_same_deal_other_seed_other_deal() -> None:
    one, again, other = (new_match(players=4, seed=s) for s in (5, 5, 6))
    assert one == again
    assert [c.id for c in one.stock] != [c.id for c in other.stock]


def test_first_dealer__drawn_by_lot_from_the_seed() -> None:
    dealers = {new_match(players=4, seed=s).dealer for s in range(20)}
    assert dealers == {0, 1, 2, 3}


def test_deal__rotates_to_the_next_player_still_in_counter_clockwise() -> None:
    state = new_match(players=4, seed=2, dealer=1)
    state.points = [0, 0, 3, 0]
    state.phase = "hand_over"
    state = play(state, None, NextHand())
    assert (state.dealer, state.turn, state.hand_no) == (3, 0, 2)
    assert state.hands[2] == []
    assert sum(len(hand) for hand in state.hands) == 42


def test_deal__a_deck_that_is_not_the_106_cards_is_refused() -> None:
    deck = stacked_deal(players=2, dealer=1, hands={})
    with pytest.raises(EngineError):
        new_match(players=2, seed=1, deck=deck[:-1], dealer=1)


def test_draw__takes_the_top_card_of_the_stock() -> None:
    state = deal({}, stock="QB")
    state = play(state, 0, Draw())
    assert str(state.hands[0][-1]) == "QB"
