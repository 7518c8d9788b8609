"""Pai Gow Poker hands: the 53-card deck, the value of a 5-card and a 2-card hand, fouls.

A hand's value is a tuple that compares as the hands do: ``(category, *tie-breakers)``. Card
values run 2 to 14 (the ace is 14). The joker (``*``) is an ace, or the card that completes a
straight, a flush or a straight flush (RULES.md §3); in a flush that is not a straight it is the
highest card of the suit not already held (docs/paigow.md). A-2-3-4-5 is the second-highest
straight, under A-K-Q-J-10 and over K-Q-J-10-9. Five aces (four aces and the joker) beat
everything.

The 2-card hand's value uses the same shape (a pair is category 1, two odd cards category 0), so
that a split is foul exactly when the 2-card value is higher than the 5-card value: a 5-card hand
that ties the 2-card hand's cards still has more cards behind them, so it ranks higher.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from games.engine.cards import ACE, Card, build_deck

Value = tuple[int, ...]

HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS = range(8)
STRAIGHT_FLUSH, FIVE_ACES = 8, 9
CATEGORY_NAMES = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "five_aces",
)
HIGH_SIZE, LOW_SIZE, HAND_SIZE = 5, 2, 7
TOP_STRAIGHT, WHEEL = 15, 14  # A-K-Q-J-10 over A-2-3-4-5 over K-Q-J-10-9 (13) ... 6-5-4-3-2 (6)
WHEEL_VALUES = frozenset({14, 2, 3, 4, 5})


def paigow_deck() -> list[Card]:
    """The 53 cards in a fixed order: A to K in the four suits, then the joker."""
    return build_deck(range(1, 14), jokers=1)


def card_value(card: Card) -> int:
    """2 to 14; the ace and the joker are 14."""
    return 14 if card.rank == ACE or card.is_joker else card.rank


def _straight_height(values: Sequence[int]) -> int | None:
    distinct = set(values)
    if len(distinct) != HIGH_SIZE:
        return None
    if distinct == WHEEL_VALUES:
        return WHEEL
    top = max(distinct)
    if top - min(distinct) != HIGH_SIZE - 1:
        return None
    return TOP_STRAIGHT if top == 14 else top


def _natural(values: list[int], flush: bool) -> Value:
    """The value of five card values (the joker already given one), flush or not."""
    counts = Counter(values)
    if counts[14] == 5:
        return (FIVE_ACES,)
    height = _straight_height(values)
    by_count = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in by_count]
    ordered = [value for value, _ in by_count]
    if height is not None and flush:
        return (STRAIGHT_FLUSH, height)
    if shape[0] == 4:
        return (QUADS, *ordered)
    if shape == [3, 2]:
        return (FULL_HOUSE, *ordered)
    if flush:
        return (FLUSH, *sorted(values, reverse=True))
    if height is not None:
        return (STRAIGHT, height)
    if shape[0] == 3:
        return (TRIPS, *ordered)
    if shape[:2] == [2, 2]:
        return (TWO_PAIR, *ordered)
    if shape[0] == 2:
        return (PAIR, *ordered)
    return (HIGH_CARD, *ordered)


def high_value(cards: Sequence[Card]) -> Value:
    """The value of a 5-card hand."""
    naturals = [card for card in cards if not card.is_joker]
    values = [card_value(card) for card in naturals]
    suited = len({card.suit for card in naturals}) == 1
    if len(naturals) == HIGH_SIZE:
        return _natural(values, suited)
    # The joker as an ace (of the suit, when that makes a flush: it completes it).
    candidates = [_natural([*values, 14], suited and 14 not in values)]
    if len(set(values)) == HIGH_SIZE - 1:
        for value in range(2, 15):
            if value not in values and _straight_height([*values, value]) is not None:
                candidates.append(_natural([*values, value], suited))
    if suited:
        missing = max(value for value in range(2, 15) if value not in values)
        candidates.append(_natural([*values, missing], True))
    return max(candidates)


def low_value(cards: Sequence[Card]) -> Value:
    """The value of a 2-card hand: the joker is an ace there."""
    first, second = sorted((card_value(card) for card in cards), reverse=True)
    return (PAIR, first) if first == second else (HIGH_CARD, first, second)


def is_foul(high: Sequence[Card], low: Sequence[Card]) -> bool:
    """Whether the 2-card hand outranks the 5-card hand (a split the rules refuse)."""
    return low_value(low) > high_value(high)


def best_five(cards: Sequence[Card]) -> Value:
    """The value of the best 5-card hand among seven cards (for the tables of odds)."""
    return max(high_value(five) for five in combinations(cards, HIGH_SIZE))


def splits(cards: Sequence[Card]) -> list[tuple[tuple[Card, Card], list[Card]]]:
    """Every legal split of seven cards: (the 2-card hand, the 5-card hand)."""
    found = []
    for first, second in combinations(range(len(cards)), LOW_SIZE):
        low = (cards[first], cards[second])
        high = [card for index, card in enumerate(cards) if index not in (first, second)]
        if not is_foul(high, low):
            found.append((low, high))
    return found
