"""Every line of the pay table pays what RULES.md says on every bet still in play, and the
hands below it lose them (exact deals)."""

from __future__ import annotations

import pytest

from games.engine.cards import parse, stacked
from games.engine.stud import (
    Bet,
    Category,
    Deal,
    Options,
    PayTable,
    Phase,
    Ride,
    new_match,
    stud_deck,
)
from tests.engine.stud.helpers import coup, dealing_order, play

BET = 10
STAKE = Options().stake
BANK = Options().bank

LINES = [
    # hand, common, category, pays "to 1"
    ("10O JO QO", "KO AO", Category.ROYAL_FLUSH, 1000),
    ("9C 10C JC", "QC KC", Category.STRAIGHT_FLUSH, 200),
    ("AE 2E 3E", "4E 5E", Category.STRAIGHT_FLUSH, 200),
    ("7O 7C 7E", "7B 2O", Category.FOUR_OF_A_KIND, 50),
    ("KO KC 4E", "4B KB", Category.FULL_HOUSE, 11),
    ("2B 7B 9B", "JB KB", Category.FLUSH, 8),
    ("10O JC QE", "KB AO", Category.STRAIGHT, 5),
    ("AO 2C 3E", "4B 5O", Category.STRAIGHT, 5),
    ("5O 5C 5E", "9B KO", Category.THREE_OF_A_KIND, 3),
    ("3O 3C 8E", "8B KO", Category.TWO_PAIR, 2),
    ("10O 10C 2E", "5B 7O", Category.HIGH_PAIR, 1),
    ("AO AC 2E", "5B 7O", Category.HIGH_PAIR, 1),
]


@pytest.mark.parametrize(("hand", "common", "category", "pay"), LINES)
def test_each_line_pays_on_all_three_bets(
    hand: str, common: str, category: Category, pay: int
) -> None:
    state = coup(hand, common, BET, True, True)
    result = state.seats[0].result
    assert result is not None and state.phase is Phase.HAND_OVER
    assert (result.category, result.in_play, result.net) == (category, 3, 3 * BET * pay)
    assert state.seats[0].chips == STAKE + 3 * BET * pay
    assert state.bank == BANK - 3 * BET * pay


@pytest.mark.parametrize(
    ("first", "second", "in_play"), [(False, False, 1), (True, False, 2), (False, True, 2)]
)
def test_a_withdrawn_bet_is_neither_paid_nor_lost(first: bool, second: bool, in_play: int) -> None:
    won = coup("KO KC 4E", "4B KB", BET, first, second)
    assert won.seats[0].chips == STAKE + in_play * BET * 11
    lost = coup("2O 5C 9E", "JB KB", BET, first, second)
    assert lost.seats[0].chips == STAKE - in_play * BET
    assert lost.bank == BANK + in_play * BET


@pytest.mark.parametrize(
    ("hand", "common", "category"),
    [
        ("9O 9C 2E", "5B 7O", Category.LOW_PAIR),
        ("2O 2C 3E", "5B 7O", Category.LOW_PAIR),
        ("2O 5C 9E", "JB KB", Category.NOTHING),
        ("QO KC AE", "2B 3O", Category.NOTHING),  # no straight around the corner
        ("2O 7O 9O", "JO KB", Category.NOTHING),  # four to a flush
    ],
)
def test_hands_below_a_pair_of_tens_lose_every_bet_in_play(
    hand: str, common: str, category: Category
) -> None:
    state = coup(hand, common, BET, True, True)
    assert state.seats[0].result is not None
    assert state.seats[0].result.category is category
    assert state.seats[0].result.net == -3 * BET
    assert state.seats[0].chips == STAKE - 3 * BET
    assert state.bank == BANK + 3 * BET


def test_with_the_jacks_table_a_pair_of_tens_loses_and_jacks_win() -> None:
    options = Options(pay_table=PayTable.JACKS)
    deck = stacked(stud_deck(), parse(dealing_order(["10O 10C 2E", "JO JC 3E"], "5B 7O")))
    state = new_match(players=2, options=options, seed="t", decks={1: deck})
    state = play(
        state,
        (0, Bet(BET)),
        (1, Bet(BET)),
        (None, Deal()),
        (0, Ride()),
        (1, Ride()),
        (0, Ride()),
        (1, Ride()),
    )
    tens, jacks = (seat.result for seat in state.seats)
    assert tens is not None and jacks is not None
    assert (tens.category, tens.net) == (Category.LOW_PAIR, -3 * BET)
    assert (jacks.category, jacks.net) == (Category.HIGH_PAIR, 3 * BET)
