"""RULES.md §1 "Closing and hand scoring": closing, SECO / NO ABIERTOS / ABIERTOS, the tie."""

from __future__ import annotations

import pytest

from games.engine.rummy import Close, Discard, Draw, LayMeld, Open, Options, view
from games.engine.rummy.errors import CannotClose, MustClose, NotOpened
from tests.engine.rummy.helpers import card, meld, play
from tests.engine.rummy.scenarios import MELDS_0, closing_hand, seco, three_players, turn


def test_close__lay_everything_and_throw_the_last_card_face_down() -> None:
    state = closing_hand(open_1=True, open_2=True)
    assert state.phase == "hand_over"
    assert state.hands[0] == []
    assert len(state.face_down) == 1
    assert state.result is not None and state.result.closer == 0


def test_close__lay_everything_with_no_discard() -> None:
    state = three_players()
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    melds = tuple(meld(state, 0, m) for m in MELDS_0)
    state = play(state, 0, Open(melds), LayMeld(meld(state, 0, "2C 3C 4C 5C")))
    state = play(state, 0, Close(drawn))
    assert state.face_down == [drawn] and state.phase == "hand_over"


def test_close__with_nothing_left_and_no_card_to_throw() -> None:
    state = three_players(stock="2B 3O 4E 6C")
    state = play(state, 0, Draw())
    assert str(state.hands[0][-1]) == "6C"
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)))
    state = play(state, 0, LayMeld(meld(state, 0, "2C 3C 4C 5C 6C")))
    assert state.hands[0] == []
    state = play(state, 0, Close())
    assert state.face_down == [] and state.phase == "hand_over"


def test_discard__throwing_the_last_card_is_refused_close_instead() -> None:
    """Decision: the last card is thrown face down by closing, never as a normal discard."""
    state = three_players()
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)))
    state = play(state, 0, LayMeld(meld(state, 0, "2C 3C 4C 5C")))
    assert state.hands[0] == [drawn]
    with pytest.raises(MustClose):
        play(state, 0, Discard(drawn))


def test_close__refused_to_a_player_who_has_not_opened() -> None:
    state = play(three_players(), 0, Draw())
    with pytest.raises(NotOpened):
        play(state, 0, Close(state.hands[0][-1]))


def test_close__refused_while_other_cards_are_left_in_hand() -> None:
    state = play(three_players(), 0, Draw())
    state = play(state, 0, Open(tuple(meld(state, 0, m) for m in MELDS_0)))
    with pytest.raises(CannotClose) as refused:
        play(state, 0, Close(state.hands[0][-1]))
    assert refused.value.params == {"left": 4}
    with pytest.raises(CannotClose):
        play(state, 0, Close())


def test_close__in_the_same_turn_as_opening() -> None:
    state = seco()
    assert state.opened[0] and state.hands[0] == []
    assert state.result is not None and state.result.closer == 0


def test_scoring__seco_nobody_else_opened_every_other_player_takes_1_point() -> None:
    state = seco()
    assert state.result is not None
    assert state.result.ending == "seco"
    assert state.points == [0, 1, 1]


def test_scoring__no_abiertos_each_player_who_had_not_opened_takes_1_point() -> None:
    state = closing_hand(open_1=True, open_2=False)
    assert state.result is not None and state.result.ending == "no_abiertos"
    assert state.points == [0, 0, 1]


def test_scoring__abiertos_the_most_points_left_in_hand_takes_1_point() -> None:
    state = closing_hand(open_1=True, open_2=True, left_2="10O 9B 8E 9C")
    assert state.result is not None and state.result.ending == "abiertos"
    assert state.result.hand_points == (0, 35, 36)
    assert state.points == [0, 0, 1]


def test_scoring__abiertos_tie_every_tied_player_takes_1_point() -> None:
    state = closing_hand(open_1=True, open_2=True)
    assert state.result is not None and state.result.hand_points == (0, 35, 35)
    assert state.points == [0, 1, 1]


def test_scoring__a_joker_left_in_hand_counts_25() -> None:
    state = closing_hand(open_1=True, open_2=True, left_2="* 2B 4C 6O")
    assert state.result is not None and state.result.hand_points == (0, 35, 37)
    assert state.points == [0, 0, 1]


def test_scoring__the_joker_value_is_a_table_option() -> None:
    state = closing_hand(
        open_1=True, open_2=True, left_2="* 2B 4C 6O", options=Options(joker_penalty=1)
    )
    assert state.result is not None and state.result.hand_points == (0, 35, 13)
    assert state.points == [0, 1, 0]


def test_hand_end__every_hand_is_shown_to_everyone() -> None:
    state = closing_hand(open_1=True, open_2=False)
    for viewer in (0, 1, 2, None):
        shown = view(state, viewer)
        assert shown["hand_end"]["hands"] == [[c.to_json() for c in h] for h in state.hands]
        assert shown["hand_end"]["ending"] == "no_abiertos"
        assert shown["hand_end"]["penalties"] == [0, 0, 1]


def test_hand_end__the_face_down_closing_card_stays_hidden() -> None:
    """Decision: the card thrown face down on closing is not shown, even at the hand's end."""
    state = closing_hand(open_1=True, open_2=True)
    (hidden,) = state.face_down
    assert hidden.to_json() not in str(view(state, None))


def test_turn__throwing_a_card_ends_the_turn() -> None:
    state = turn(three_players(), 0)
    assert state.turn == 1 and state.phase == "draw"
    assert card(state, 1, "2O")
