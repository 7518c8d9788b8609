"""RULES.md "Decisions, second pass / Owed cards": the cards a player owes this turn (a taken
discard, a joker freed by a swap) are judged together. A take, lay-off, meld or swap is refused
only when afterwards no sequence of moves could lay every owed card, and never otherwise, so the
player on turn always has a legal move."""

from __future__ import annotations

import pytest

from games.engine.cards import parse_card
from games.engine.rummy import (
    Close,
    Discard,
    LayOff,
    Open,
    State,
    SwapJoker,
    TakeDiscard,
    apply,
    bot,
    view,
)
from games.engine.rummy.errors import WouldStrand
from games.engine.rummy.owed import next_step, placeable
from tests.engine.rummy.helpers import card, deal, opened_table, play


def legal_now(state: State) -> bool:
    """Whether the bot's move for the seat on turn is accepted (it plays a legal move when one
    exists; a locked turn leaves it nothing)."""
    seat = state.turn
    try:
        apply(state, seat, bot.decide(view(state, seat)))
    except Exception:  # noqa: BLE001 - any refusal means the turn is locked
        return False
    return True


def test_a_swap_that_leaves_the_taken_card_and_the_joker_one_place_is_refused() -> None:
    """The issue's locked turn: 9O taken, then QB swapped for the joker of QC QE QO *=QB; 9C 9E
    9B is the only place for either of them. The swap is refused and the turn can go on."""
    state = opened_table("QB 2C 5E 7B", ("QC QE QO *=QB", "9C 9E 9B"), top="9O")
    state = play(state, 0, TakeDiscard())
    with pytest.raises(WouldStrand):
        play(state, 0, SwapJoker(0, card(state, 0, "QB")))
    assert legal_now(state)
    state = play(state, 0, LayOff(1, card(state, 0, "9O")), Discard(card(state, 0, "2C")))
    assert state.turn == 1


def test_the_view_offers_no_swap_when_every_swap_would_strand_an_owed_card() -> None:
    state = opened_table("QB 2C 5E 7B", ("QC QE QO *=QB", "9C 9E 9B"), top="9O")
    state = play(state, 0, TakeDiscard())
    assert view(state, 0)["legal"]["kinds"] == ["lay_off"]


def test_a_second_swap_whose_joker_would_compete_for_the_first_ones_place_is_refused() -> None:
    state = opened_table("QB KB 2C 5E 7B", ("QC QE QO *=QB", "KC KE KO *=KB", "9C 9E 9B"))
    state = play(state, 0, SwapJoker(0, card(state, 0, "QB")))
    with pytest.raises(WouldStrand):
        play(state, 0, SwapJoker(1, card(state, 0, "KB")))
    joker = state.must_play[0]
    state = play(state, 0, LayOff(2, joker, parse_card("9O")))
    assert state.must_play == []


def test_a_take_played_by_laying_off_a_card_of_the_hand_first_is_accepted() -> None:
    """Holding 8O 2E with 5O 6O 7O on the table, 9O can be taken: 8O, then 9O, then close."""
    state = opened_table("8O 2E", ("5O 6O 7O",), top="9O")
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, LayOff(0, card(state, 0, "8O")), LayOff(0, card(state, 0, "9O")))
    state = play(state, 0, Close(card(state, 0, "2E")))
    assert state.result is not None and state.result.closer == 0


def test_a_take_played_with_a_joker_freed_by_swapping_another_card_is_accepted() -> None:
    state = opened_table("5E 10O 2C", ("3E 4E *=5E",), top="9O")
    state = play(state, 0, TakeDiscard())
    assert legal_now(state)
    state = play(state, 0, SwapJoker(0, card(state, 0, "5E")))
    assert state.must_play and state.hands[0][-1].is_joker
    assert legal_now(state)


def test_a_lay_off_that_the_rest_of_the_hand_can_follow_is_not_refused_as_stranding() -> None:
    """9O taken with 7O 8O in hand and 4O 5O 6O on the table: 7O, 8O, 9O go on one by one."""
    state = opened_table("7O 8O 2E 3C", ("4O 5O 6O",), top="9O")
    state = play(state, 0, TakeDiscard())
    state = play(state, 0, LayOff(0, card(state, 0, "7O")))
    state = play(state, 0, LayOff(0, card(state, 0, "8O")), LayOff(0, card(state, 0, "9O")))
    assert state.must_play == []
    assert " ".join(map(str, state.melds[0].cards)) == "4O 5O 6O 7O 8O 9O"


def test_the_search_sees_a_joker_laid_off_as_the_card_that_carries_a_run_to_the_owed_one() -> None:
    state = opened_table("* 2E 5C", ("5O 6O 7O",), top="9O")
    state = play(state, 0, TakeDiscard())
    joker = card(state, 0, "*")
    with pytest.raises(WouldStrand):
        play(state, 0, LayOff(0, joker, parse_card("4O")))
    state = play(state, 0, LayOff(0, joker, parse_card("8O")))
    state = play(state, 0, LayOff(0, card(state, 0, "9O")))
    assert state.must_play == []


def test_next_step_is_none_when_nothing_can_place_the_owed_cards() -> None:
    state = opened_table("2C 5E 9O", ("QC QE QO QB",))
    owed = [card(state, 0, "9O")]
    assert not placeable(state.hands[0], owed, state.melds)
    assert next_step(state.hands[0], owed, state.melds) is None


def test_a_player_not_opened_who_took_the_first_round_joker_owes_an_opening_that_holds_it() -> None:
    """He may do nothing but open with it (the take was allowed only because he can); the bot
    and so the turn clock open with the joker although an opening without it exists."""
    state = deal({0: "10C 10E 10B JC JE JB QC QE QB 2O 4E 6B 8C 3B"}, up="*")
    state = play(state, 0, TakeDiscard())
    assert view(state, 0)["legal"]["kinds"] == ["open"]
    move = bot.decide(view(state, 0))
    assert isinstance(move, Open) and any(c.is_joker for m in move.melds for c in m.cards)
    state = apply(state, 0, move)
    assert state.opened[0] and state.must_play == [] and state.open_with is None
