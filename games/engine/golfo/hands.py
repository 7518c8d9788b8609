"""The Golfo deck and the value of a hand.

The Spanish deck cut to 28 cards: 3 to 9 of each suit, each card worth its number. A hand is worth
the highest total of the cards of one suit, counting at most four of them (best 9+8+7+6 = 30).
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.cards import SUITS, Card, Suit, build_deck, parse

RANKS: tuple[int, ...] = tuple(range(3, 10))
DECK_SIZE = len(RANKS) * len(SUITS)
HAND_SIZE = 5
FIRST_DEAL = 2
SECOND_DEAL = HAND_SIZE - FIRST_DEAL
COUNTED_PER_SUIT = 4


def golfo_deck() -> list[Card]:
    """The 28 cards in a fixed order, ids 0..27."""
    return build_deck(RANKS)


def hand_value(cards: Iterable[Card] | str) -> int:
    """The highest total of one suit, counting at most four cards of it (its highest four).

    ``cards`` are Card objects or their notation, e.g. ``hand_value("9O 8O 7O 6O 5O") == 30``.
    """
    held = parse(cards) if isinstance(cards, str) else cards
    ranks: dict[Suit | None, list[int]] = {}  # Golfo's deck has no joker: every card has a suit
    for card in held:
        ranks.setdefault(card.suit, []).append(card.rank)
    return max(
        (sum(sorted(suit, reverse=True)[:COUNTED_PER_SUIT]) for suit in ranks.values()), default=0
    )
