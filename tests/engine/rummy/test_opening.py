"""RULES.md §1 "Opening": first round, the joker up-card, 70 points, lay-offs, joker swaps."""

from __future__ import annotations

import pytest

from games.engine.cards import parse_card
from games.engine.errors import CardNotHeld, NotYourTurn, WrongPhase
from games.engine.rummy import (
    Discard,
    Draw,
    LayMeld,
    LayOff,
    MeldSpec,
    Open,
    State,
    SwapJoker,
    TakeDiscard,
    state_to_json,
)
from games.engine.rummy.errors import (
    AlreadyOpened,
    CannotOpenWith,
    CannotPlayTaken,
    DiscardNotOffered,
    FirstRound,
    IllegalMeld,
    MustOpenWith,
    MustPlayCard,
    NotOpened,
    NotTheJokersCard,
    OpeningTooLow,
    WouldStrand,
)
from tests.engine.rummy.helpers import card, deal, meld, past_first_round, play

OPENER = "10C 10E 10B 10O JO QO KO 2C 4E 6B 8C 3B 5E 9O"  # 30 + 40 = 70
OPENER_QB = "10C 10E 10B 10O JO QO KO 2C 4E 6B 8C 3B QB 9O"
SHORT = "9C 9E 9B 5O 6O 7O 8O 9O 2C 4E 6B JC KE 4C"  # 27 + 35 = 62
SECOND = "QC QE QB AC AE AB 5C 6C 7C 2O 4O 9E JB AO"  # 30 + 33 + 18 = 81
SECOND_WITH_JOKER = "QC QE * AC AE AB 5C 6C 7C 2O 4O 9E JB AO"
SECOND_MELDS = ("QC QE *=QB", "AC AE AB", "5C 6C 7C")
SECOND_MELDS_PLAIN = ("QC QE QB", "AC AE AB", "5C 6C 7C")


def _open_seat_0(state: State) -> State:
    """Seat 0 draws and opens with 10C 10E 10B and 10O JO QO KO (70 points)."""
    state = play(state, 0, Draw())
    return play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))


def test_first_round__nobody_may_open() -> None:
    state = play(deal({0: OPENER}), 0, Draw())
    with pytest.raises(FirstRound):
        play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))


def test_first_round__ends_after_one_full_turn_of_the_table() -> None:
    state = past_first_round(deal({0: OPENER}, players=3))
    assert state.turn == 0 and not state.first_round
    state = _open_seat_0(state)
    assert state.opened[0]


def test_first_round__first_player_may_take_a_joker_up_card_and_open_with_it() -> None:
    state = deal({0: "10C 10E 10B JO QO KO 2C 4E 6B 8C 3B 5E 7C 9B"}, up="*")
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "*=10O JO QO KO"))))
    assert state.opened[0]
    assert state.melds[1].joker_as is not None and str(state.melds[1].joker_as) == "10O"


def test_first_round__the_taken_joker_up_card_must_be_in_the_opening() -> None:
    state = deal({0: "10C 10E 10B JC JE JB QC QE QB 2O 4E 6B 8C 3B"}, up="*")
    state = play(state, 0, TakeDiscard())
    without_joker = Open(tuple(meld(state, 0, m) for m in ("10C 10E 10B", "JC JE JB", "QC QE QB")))
    with pytest.raises(MustOpenWith):
        play(state, 0, without_joker)
    with pytest.raises(MustOpenWith):
        play(state, 0, Discard(card(state, 0, "2O")))


def test_first_round__the_joker_up_card_is_refused_when_it_cannot_open_with_it() -> None:
    """Decision: taking the joker up-card commits to opening with it, so the server refuses the
    take when the hand cannot reach 70 with that joker (else the turn could never end)."""
    state = deal({0: "10C 10E 10B JO QO 2C 4E 6B 8C 3B 5E 7C 9B AB"}, up="*")
    before = state_to_json(state)
    with pytest.raises(CannotOpenWith):
        play(state, 0, TakeDiscard())
    assert state_to_json(state) == before


def test_first_round__only_the_first_player_may_take_the_joker_up_card() -> None:
    state = deal({0: OPENER}, up="*")
    state = play(state, 0, Draw(), Discard(card(state, 0, "2C")))
    with pytest.raises(DiscardNotOffered):
        play(state, 1, TakeDiscard())


def test_take_discard__refused_to_a_player_who_has_not_opened() -> None:
    state = past_first_round(deal({0: OPENER}))
    with pytest.raises(DiscardNotOffered):
        play(state, 0, TakeDiscard())


def test_opening__refused_under_70_with_a_clear_message_and_nothing_changes() -> None:
    state = play(past_first_round(deal({0: SHORT})), 0, Draw())
    before = state_to_json(state)
    with pytest.raises(OpeningTooLow) as refused:
        play(state, 0, Open((meld(state, 0, "9C 9E 9B"), meld(state, 0, "5O 6O 7O 8O 9O"))))
    assert str(refused.value) == "You need 70 points to open: you have 62"
    assert refused.value.params == {"needed": 70, "points": 62}
    assert state_to_json(state) == before
    assert not state.opened[0] and not state.melds and len(state.hands[0]) == 15


def test_opening__70_or_more_from_several_melds_laid_in_one_turn() -> None:
    state = _open_seat_0(past_first_round(deal({0: OPENER})))
    assert state.opened[0]
    assert [m.owner for m in state.melds] == [0, 0]
    assert sum(m.points for m in state.melds) == 70
    assert len(state.hands[0]) == 15 - 7


def test_opening__lay_offs_do_not_count_towards_the_70() -> None:
    """Seat 0 holds 62 in melds and a 4C that fits a meld on the table: he still cannot open."""
    state = past_first_round(deal({0: SHORT, 1: SECOND}, stock="2B 3O 7B 8E"))
    state = play(state, 0, Draw(), Discard(card(state, 0, "JC")))
    state = play(state, 1, Draw())
    state = play(state, 1, Open(tuple(meld(state, 1, m) for m in SECOND_MELDS_PLAIN)))
    state = play(state, 1, Discard(card(state, 1, "2O")))
    state = play(state, 0, Draw())
    with pytest.raises(NotOpened):
        play(state, 0, LayOff(2, card(state, 0, "4C")))
    with pytest.raises(OpeningTooLow):
        play(state, 0, Open((meld(state, 0, "9C 9E 9B"), meld(state, 0, "5O 6O 7O 8O 9O"))))


def test_opening__an_illegal_meld_is_refused_whole() -> None:
    state = play(past_first_round(deal({0: OPENER})), 0, Draw())
    with pytest.raises(IllegalMeld):
        play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO 2C"))))


def test_opening__only_once_then_melds_one_by_one() -> None:
    state = _open_seat_0(past_first_round(deal({0: OPENER})))
    with pytest.raises(AlreadyOpened):
        play(state, 0, Open((meld(state, 0, "2C 3B 4E"),)))


def test_lay_meld__refused_before_opening() -> None:
    state = play(past_first_round(deal({0: OPENER})), 0, Draw())
    with pytest.raises(NotOpened):
        play(state, 0, LayMeld(meld(state, 0, "10C 10E 10B")))


def test_lay_meld__a_card_not_in_the_hand_is_refused() -> None:
    state = _open_seat_0(past_first_round(deal({0: OPENER})))
    with pytest.raises(CardNotHeld):
        play(state, 0, LayMeld(MeldSpec(tuple(state.stock[:3]))))


def test_after_opening__lay_off_on_own_meld_in_the_same_turn() -> None:
    state = _open_seat_0(past_first_round(deal({0: OPENER})))
    state = play(state, 0, LayOff(1, card(state, 0, "9O")))
    assert " ".join(map(str, state.melds[1].cards)) == "9O 10O JO QO KO"


def test_after_opening__lay_off_on_another_players_meld() -> None:
    state = past_first_round(deal({0: OPENER, 1: SECOND}, stock="2B 3O 7B 8E 6O"))
    state = _open_seat_0(state)
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw())
    state = play(state, 1, Open(tuple(meld(state, 1, m) for m in SECOND_MELDS_PLAIN)))
    state = play(state, 1, Discard(card(state, 1, "2O")))
    state = play(state, 0, Draw(), LayOff(4, card(state, 0, "8C")))
    assert state.melds[4].owner == 1
    assert " ".join(map(str, state.melds[4].cards)) == "5C 6C 7C 8C"


def test_take_discard__an_opened_player_takes_the_card_the_previous_player_threw() -> None:
    state = past_first_round(deal({0: OPENER, 1: SECOND}))
    state = _open_seat_0(state)
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "AO")))
    state = play(state, 0, TakeDiscard())
    assert str(state.hands[0][-1]) == "AO"
    assert [str(c) for c in state.must_play] == ["AO"]


def test_take_discard__refused_when_it_cannot_be_played_this_turn() -> None:
    """Decision: a discard that could not reach the table this turn may not be taken."""
    state = past_first_round(deal({0: OPENER, 1: SECOND}))
    state = _open_seat_0(state)
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "9E")))
    with pytest.raises(CannotPlayTaken) as refused:
        play(state, 0, TakeDiscard())
    assert str(refused.value) == (
        "You may take the 9 of swords only if you can play it on the table this turn."
    )


def test_take_discard__a_move_that_would_strand_the_taken_card_is_refused() -> None:
    """Decision: while a taken card is owed, a move after which it could no longer reach the
    table this turn is refused (the turn must stay able to end)."""
    hand = "9C 9E 9O 10C JC QC KC 2O 3O 4O 8B 9B 4E 6C"
    state = past_first_round(deal({0: hand, 1: SECOND.replace("JB", "7B")}, stock="2E 3E 5C"))
    state = play(state, 0, Draw())
    melds = tuple(meld(state, 0, m) for m in ("9C 9E 9O", "10C JC QC KC", "2O 3O 4O"))
    state = play(state, 0, Open(melds), Discard(card(state, 0, "4E")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "7B")))
    state = play(state, 0, TakeDiscard())
    before = state_to_json(state)
    with pytest.raises(WouldStrand) as refused:
        play(state, 0, LayOff(0, card(state, 0, "9B")))
    assert refused.value.params == {"cards": "7B"}
    assert str(refused.value) == (
        "After that move you could not play every card you owe on the table this turn "
        "(the 7 of clubs)."
    )
    assert state_to_json(state) == before
    state = play(state, 0, LayMeld(meld(state, 0, "7B 8B 9B")))
    assert state.must_play == []


def test_take_discard__must_be_played_on_the_table_in_the_same_turn() -> None:
    state = past_first_round(deal({0: OPENER, 1: SECOND}))
    state = _open_seat_0(state)
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "AO")))
    state = play(state, 0, TakeDiscard())
    with pytest.raises(MustPlayCard) as refused:
        play(state, 0, Discard(card(state, 0, "4E")))
    assert str(refused.value) == "You must play the ace of coins on the table this turn."
    with pytest.raises(MustPlayCard):
        play(state, 0, Discard(card(state, 0, "AO")))
    state = play(state, 0, LayOff(1, card(state, 0, "AO")), Discard(card(state, 0, "4E")))
    assert state.turn == 1


def test_swap_joker__an_opened_player_takes_a_joker_for_the_real_card() -> None:
    state = past_first_round(deal({0: OPENER_QB, 1: SECOND_WITH_JOKER}))
    state = play(state, 0, Draw(), Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw())
    state = play(state, 1, Open(tuple(meld(state, 1, m) for m in SECOND_MELDS)))
    state = play(state, 1, Discard(card(state, 1, "2O")))
    state = _open_seat_0(state)
    state = play(state, 0, SwapJoker(0, card(state, 0, "QB")))
    assert " ".join(map(str, state.melds[0].cards)) == "QC QE QB"
    assert state.melds[0].joker_as is None
    assert state.hands[0][-1].is_joker


def test_swap_joker__the_freed_joker_must_be_played_in_the_same_turn() -> None:
    state = past_first_round(deal({0: OPENER_QB, 1: SECOND_WITH_JOKER}))
    state = play(state, 0, Draw(), Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw())
    state = play(state, 1, Open(tuple(meld(state, 1, m) for m in SECOND_MELDS)))
    state = play(state, 1, Discard(card(state, 1, "2O")))
    state = _open_seat_0(state)
    state = play(state, 0, SwapJoker(0, card(state, 0, "QB")))
    with pytest.raises(MustPlayCard):
        play(state, 0, Discard(card(state, 0, "4E")))
    joker = state.hands[0][-1]
    state = play(state, 0, LayOff(4, joker, parse_card("AO")), Discard(card(state, 0, "4E")))
    assert " ".join(map(str, state.melds[4].cards)) == "10O JO QO KO *"
    assert str(state.melds[4].joker_as) == "AO"


def test_swap_joker__only_for_the_very_card_it_stands_for_and_only_after_opening() -> None:
    state = past_first_round(deal({0: OPENER_QB, 1: SECOND_WITH_JOKER}))
    state = play(state, 0, Draw(), Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw())
    state = play(state, 1, Open(tuple(meld(state, 1, m) for m in SECOND_MELDS)))
    state = play(state, 1, Discard(card(state, 1, "2O")))
    state = play(state, 0, Draw())
    with pytest.raises(NotOpened):
        play(state, 0, SwapJoker(0, card(state, 0, "QB")))
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))
    with pytest.raises(NotTheJokersCard):
        play(state, 0, SwapJoker(0, card(state, 0, "8C")))


def test_table_cards_are_final__nothing_on_the_table_goes_back_to_a_hand() -> None:
    """RULES: "carta en la mesa presa"; a meld is final once committed."""
    state = _open_seat_0(past_first_round(deal({0: OPENER})))
    laid = [c.id for m in state.melds for c in m.cards]
    state = play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(state.hands[1][-1]))
    assert [c.id for m in state.melds for c in m.cards] == laid
    assert not {c.id for c in state.hands[0]} & set(laid)


def test_moves__refused_out_of_turn_or_out_of_phase() -> None:
    state = deal({0: OPENER})
    with pytest.raises(NotYourTurn):
        play(state, 1, Draw())
    with pytest.raises(WrongPhase):
        play(state, 0, Discard(card(state, 0, "2C")))
    state = play(state, 0, Draw())
    with pytest.raises(WrongPhase):
        play(state, 0, Draw())
