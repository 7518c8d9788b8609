"""Five-card poker hands for the three-bet stud: the 52-card deck, a hand's category and what
the pay table pays on it (RULES.md §3, "Three-bet stud")."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from enum import StrEnum

from games.engine.cards import ACE, JACK, KING, Card, build_deck

HAND_SIZE = 5
OWN_CARDS = 3
COMMON_CARDS = 2
RANKS = tuple(range(ACE, KING + 1))
HIGH_ACE = 14
TEN = 10


def stud_deck() -> list[Card]:
    """The 52 cards, A to K in each of the four suits, in a fixed order (ids 0 to 51)."""
    return build_deck(RANKS)


class Category(StrEnum):
    ROYAL_FLUSH = "royal_flush"
    STRAIGHT_FLUSH = "straight_flush"
    FOUR_OF_A_KIND = "four_of_a_kind"
    FULL_HOUSE = "full_house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three_of_a_kind"
    TWO_PAIR = "two_pair"
    HIGH_PAIR = "high_pair"
    LOW_PAIR = "low_pair"
    NOTHING = "nothing"


class PayTable(StrEnum):
    """The lowest paying pair: tens (the default, Let It Ride's table) or jacks."""

    TENS = "tens"
    JACKS = "jacks"


PAYS: dict[Category, int] = {
    Category.ROYAL_FLUSH: 1000,
    Category.STRAIGHT_FLUSH: 200,
    Category.FOUR_OF_A_KIND: 50,
    Category.FULL_HOUSE: 11,
    Category.FLUSH: 8,
    Category.STRAIGHT: 5,
    Category.THREE_OF_A_KIND: 3,
    Category.TWO_PAIR: 2,
    Category.HIGH_PAIR: 1,
}
"""What each paying hand pays on every bet still in play, "to 1"; any other hand loses them."""

TOP_PAY = max(PAYS.values())
LOWEST_PAIR: dict[PayTable, int] = {PayTable.TENS: TEN, PayTable.JACKS: JACK}


def high_rank(rank: int) -> int:
    """A rank in poker order: the ace above the king."""
    return HIGH_ACE if rank == ACE else rank


def category(ranks: Sequence[int], flush: bool, table: PayTable = PayTable.TENS) -> Category:
    """The category of five cards given their ranks (1 to 13) and whether they share a suit."""
    counts = sorted(Counter(ranks).values(), reverse=True)
    if counts[0] == 4:
        return Category.FOUR_OF_A_KIND
    if counts[:2] == [3, 2]:
        return Category.FULL_HOUSE
    if counts[0] == 1:
        high = sorted(high_rank(rank) for rank in ranks)
        straight = high[4] - high[0] == 4 or high == [2, 3, 4, 5, HIGH_ACE]
        if straight and flush:
            return Category.ROYAL_FLUSH if high[0] == TEN else Category.STRAIGHT_FLUSH
        if flush:
            return Category.FLUSH
        if straight:
            return Category.STRAIGHT
        return Category.NOTHING
    if counts[0] == 3:
        return Category.THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return Category.TWO_PAIR
    (pair,) = (rank for rank, count in Counter(ranks).items() if count == 2)
    return Category.HIGH_PAIR if high_rank(pair) >= LOWEST_PAIR[table] else Category.LOW_PAIR


def classify(cards: Sequence[Card], table: PayTable = PayTable.TENS) -> Category:
    """The category of five cards."""
    if len(cards) != HAND_SIZE:
        raise ValueError(f"a hand has {HAND_SIZE} cards, not {len(cards)}")
    flush = len({card.suit for card in cards}) == 1
    return category([card.rank for card in cards], flush, table)


def pays(cards: Sequence[Card], table: PayTable = PayTable.TENS) -> int | None:
    """What the hand pays on each bet in play ("to 1"), or ``None`` when it loses them."""
    return PAYS.get(classify(cards, table))
