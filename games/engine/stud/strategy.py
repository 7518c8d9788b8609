"""The best play, exactly: what a bet still in play is worth given the cards a player knows.

A bet left in play returns the pay table's "to 1" on the final hand, or -1. The three bets are
settled on the same five cards, and a withdrawal decides only its own bet, so each decision is
best taken alone: let a bet ride exactly when the hand's expected return, over every way the
unseen cards can complete it, is above zero (at zero, withdrawing risks nothing for nothing).

Counting is exact and fast because the return of a hand depends only on its ranks and on
whether its five cards share a suit: the sums below run over ranks, each with the number of
unseen cards of that rank (and of the known cards' suit, when they share one).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from games.engine.cards import Card
from games.engine.stud.hands import HAND_SIZE, PAYS, RANKS, PayTable, category

SUITS_PER_RANK = 4
DECK_SIZE = 52

Key = tuple[tuple[int, ...], bool]
"""Known cards as the count needs them: their ranks, sorted, and whether they share one suit."""


def key(cards: Sequence[Card]) -> Key:
    return tuple(sorted(card.rank for card in cards)), len({card.suit for card in cards}) == 1


@cache
def hand_return(ranks: tuple[int, ...], flush: bool, table: PayTable) -> int:
    """What one bet returns on five cards: the pay table's "to 1", or -1."""
    return PAYS.get(category(ranks, flush, table), -1)


def _completions(ranks: tuple[int, ...], suited: bool) -> list[tuple[Key, int]]:
    """Every one-card completion of the known cards, as a key with the number of unseen cards
    that give it (the rest of the 52 cards are unseen)."""
    counts = Counter(ranks)
    found: list[tuple[Key, int]] = []
    for rank in RANKS:
        unseen = SUITS_PER_RANK - counts[rank]
        longer = tuple(sorted((*ranks, rank)))
        same_suit = 1 if suited and counts[rank] == 0 else 0
        if same_suit:
            found.append(((longer, True), 1))
        if unseen - same_suit:
            found.append(((longer, False), unseen - same_suit))
    return found


@cache
def total_return(ranks: tuple[int, ...], suited: bool, table: PayTable) -> int:
    """The sum of one bet's return over every set of unseen cards that completes the known
    cards (three to five of them) to a hand: C(49,2) sets for three cards, 48 for four, 1 for
    five."""
    if len(ranks) == HAND_SIZE:
        return hand_return(ranks, suited, table)
    total = sum(ways * total_return(*longer, table) for longer, ways in _completions(ranks, suited))
    # Each hand is reached once per order in which its missing cards can come.
    missing = HAND_SIZE - len(ranks)
    return total // missing if missing > 1 else total


def completions(known: int) -> int:
    """How many sets of unseen cards complete ``known`` cards to five."""
    unseen, missing = DECK_SIZE - known, HAND_SIZE - known
    count = 1
    for n in range(missing):
        count = count * (unseen - n) // (n + 1)
    return count


def expected_return(cards: Sequence[Card], table: PayTable = PayTable.TENS) -> Fraction:
    """The exact expected return of one bet in play, knowing ``cards`` (3 to 5 of them)."""
    if not 3 <= len(cards) <= HAND_SIZE:
        raise ValueError(f"the count needs 3 to 5 known cards, not {len(cards)}")
    return Fraction(total_return(*key(cards), table), completions(len(cards)))


def rides(cards: Sequence[Card], table: PayTable = PayTable.TENS) -> bool:
    """Whether the best play lets a bet ride, knowing ``cards``."""
    return expected_return(cards, table) > 0
