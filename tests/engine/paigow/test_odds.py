"""The house's numbers (docs/paigow.md): a small simulation of the house way against the house way
lands in a wide interval around the published house edge, the hand frequencies of seven cards
around the published exact counts, and five aces counted exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest

from games.engine.cards import JOKER, SUITS, Card
from games.engine.paigow.odds import (
    FIVE_ACES_EXACT,
    HANDS_7,
    PUBLISHED_CATEGORIES,
    category,
    category_frequencies,
    held_categories,
    house_way_return,
)

PUBLISHED_EDGE = 0.0272  # house way against house way, 5% commission (docs/paigow.md)


def test_the_published_counts_add_up_with_five_aces_exact() -> None:
    assert HANDS_7 == 154_143_080
    assert Fraction(1_128, HANDS_7) == FIVE_ACES_EXACT
    assert PUBLISHED_CATEGORIES["five_aces"] == comb(48, 2)


def test_a_small_simulation_of_the_house_way_lands_near_the_published_edge() -> None:
    found, outcomes = house_way_return(3000, seed="test")
    assert found.low - 0.02 <= -PUBLISHED_EDGE <= found.high + 0.02
    assert 0.36 < outcomes["push"] / 3000 < 0.46  # about 41% of coups push


def test_a_small_simulation_of_seven_card_hands_matches_the_published_counts() -> None:
    found = category_frequencies(3000, seed="test")
    for name in ("full_house", "flush", "three_of_a_kind", "straight"):
        exact = PUBLISHED_CATEGORIES[name] / HANDS_7
        half = (found[name].high - found[name].low) / 2
        assert found[name].low - half <= exact <= found[name].high + half, name


@pytest.mark.parametrize(
    ("held", "joker"),
    [
        ({1: 2, 13: 2, 12: 1, 11: 1}, True),  # aces, kings, Q J and the joker
        ({9: 1, 8: 1, 7: 1, 6: 1, 5: 1, 3: 1}, True),  # a straight or a flush by the joker
        ({10: 1, 9: 1, 8: 1, 7: 1, 6: 1, 2: 2}, False),
    ],
)
def test_the_exact_count_by_ranks_agrees_with_dealing_every_suit(
    held: dict[int, int], joker: bool
) -> None:
    """The enumerator's shortcut (the ranks held, then which of them form a flush) against
    every assignment of suits to those ranks, one hand at a time."""
    choices = [list(combinations(SUITS, many)) for many in held.values()]
    dealt: Counter[str] = Counter()
    for suits in product(*choices):
        cards = [JOKER] if joker else []
        for rank, chosen in zip(held, suits, strict=True):
            cards += [Card(rank, suit) for suit in chosen]
        dealt[category(cards)] += 1
    assert held_categories(held, joker) == dealt
