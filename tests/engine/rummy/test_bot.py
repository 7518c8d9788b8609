"""The bot: plays from its own view, opens with 70+ (jokers too), lays off, swaps, discards."""

from __future__ import annotations

import json

from games.engine.rummy import (
    Discard,
    Draw,
    LayMeld,
    LayOff,
    Open,
    Ready,
    State,
    SwapJoker,
    TakeDiscard,
    apply,
    bot,
    view,
)
from games.engine.rummy.simulation import Tally, play_match
from tests.engine.rummy.helpers import card, deal, meld, past_first_round, play

OPENER = "10C 10E 10B 10O JO QO KO 2C 4E 6B 8C 3B 5E 9O"


def _decide(state: State, seat: int) -> object:
    """The bot's move from a view that went through JSON, as the web layer would hand it."""
    return bot.decide(json.loads(json.dumps(view(state, seat))))


def test_bot__opens_with_the_richest_melds_using_a_joker() -> None:
    state = past_first_round(
        deal({0: "KC KE KB QO JO * 9C 9E 9B 2C 4E 6B 3B 5E"}, stock="2O 3O 7B")
    )
    state = play(state, 0, Draw())
    action = _decide(state, 0)
    assert isinstance(action, Open)
    assert sum(1 for m in action.melds for c in m.cards if c.is_joker) == 1
    state = apply(state, 0, action)
    assert state.opened[0] and sum(m.points for m in state.melds) == 87


def test_bot__does_not_open_under_70_and_throws_a_loose_card() -> None:
    state = past_first_round(
        deal({0: "9C 9E 9B 5O 6O 7O 8O 9O 2C 4E 6B JC KE 4C"}, stock="2O 3O 7B")
    )
    state = play(state, 0, Draw())
    action = _decide(state, 0)
    assert isinstance(action, Discard)
    assert str(action.card) in {"2C", "4E", "6B", "JC", "KE", "4C", "7B"}


def test_bot__does_not_open_in_the_first_round() -> None:
    state = play(deal({0: OPENER}), 0, Draw())
    assert isinstance(_decide(state, 0), Discard)


def test_bot__takes_the_joker_up_card_when_it_opens_with_it() -> None:
    state = deal({0: "10C 10E 10B JO QO KO 2C 4E 6B 8C 3B 5E 7C 9B"}, up="*")
    assert isinstance(_decide(state, 0), TakeDiscard)
    state = play(state, 0, TakeDiscard())
    action = _decide(state, 0)
    assert isinstance(action, Open)
    assert apply(state, 0, action).opened[0]


def test_bot__draws_from_the_stock_when_the_discard_does_not_fit() -> None:
    state = deal({0: OPENER}, up="KB")
    assert isinstance(_decide(state, 0), Draw)


def _seat_0_opened() -> State:
    state = past_first_round(deal({0: OPENER, 1: "2O 3C 4B 5E 6O 7B 8E 9C JB QE KC AO 3E 7E"}))
    state = play(state, 0, Draw())
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))
    return state


def test_bot__lays_off_a_card_that_fits_a_meld_on_the_table() -> None:
    action = _decide(_seat_0_opened(), 0)
    assert isinstance(action, LayOff)
    assert (action.meld, str(action.card)) == (1, "9O")


def test_bot__takes_a_discard_it_can_play_and_then_plays_it() -> None:
    state = _seat_0_opened()
    state = play(state, 0, LayOff(1, card(state, 0, "9O")), Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw(), Discard(card(state, 1, "AO")))
    assert isinstance(_decide(state, 0), TakeDiscard)
    state = play(state, 0, TakeDiscard())
    action = _decide(state, 0)
    assert isinstance(action, LayOff) and str(action.card) == "AO"


def test_bot__lays_a_meld_it_holds_once_opened() -> None:
    state = past_first_round(
        deal({0: "10C 10E 10B 10O JO QO KO 3C 4C 5C 6B 8C 3B 5E"}, stock="2O 3O 7B")
    )
    state = play(state, 0, Draw())
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))
    action = _decide(state, 0)
    assert isinstance(action, LayMeld)
    assert sorted(str(c) for c in action.meld.cards) == ["3C", "4C", "5C"]


def test_bot__swaps_a_joker_when_the_freed_joker_makes_a_meld() -> None:
    state = deal(
        {
            0: "10C 10E 10B 10O JO QO KO 5B 6B QB 2E 3O 5E 2C",
            1: "QC QE * AC AE AB 5C 6C 7C 2O 4O 9E JB AO",
        },
        stock="2B 3E 8E 9E 9B",
    )
    state = past_first_round(state)
    state = play(state, 0, Draw(), Discard(card(state, 0, "2C")))
    state = play(state, 1, Draw())
    melds = tuple(meld(state, 1, m) for m in ("QC QE *=QB", "AC AE AB", "5C 6C 7C"))
    state = play(state, 1, Open(melds), Discard(card(state, 1, "2O")))
    state = play(state, 0, Draw())
    state = play(state, 0, Open((meld(state, 0, "10C 10E 10B"), meld(state, 0, "10O JO QO KO"))))
    action = _decide(state, 0)
    assert isinstance(action, SwapJoker) and str(action.card) == "QB"
    state = apply(state, 0, action)
    follow = _decide(state, 0)
    assert isinstance(follow, LayMeld)
    assert any(c.is_joker for c in follow.meld.cards)


def test_bot__never_throws_a_joker_and_throws_the_card_that_fits_worst() -> None:
    state = past_first_round(
        deal({0: "* 5O 6O 8C 9C 3E 3B KB 2C 2E 7O 10E JB AC"}, stock="QO QC QE")
    )
    state = play(state, 0, Draw())
    action = _decide(state, 0)
    assert isinstance(action, Discard)
    assert not action.card.is_joker
    assert str(action.card) not in {"5O", "6O", "8C", "9C", "3E", "3B", "2C", "2E", "7O"}


def test_bot__says_ready_between_hands() -> None:
    from tests.engine.rummy.scenarios import closing_hand

    state = closing_hand(open_1=True, open_2=True)
    assert isinstance(_decide(state, 1), Ready)


def test_bot__plays_whole_matches_without_a_refused_move() -> None:
    tally = Tally()
    for seed in ("bot-a", "bot-b"):
        play_match(3, seed, tally, check_views=False)
    assert tally.violations == []
    assert tally.matches == 2 and tally.hands >= 4
