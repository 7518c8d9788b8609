"""RULES.md §2: the 28-card deck and the value of a hand."""

from __future__ import annotations

import pytest

from games.engine.cards import SUITS, parse
from games.engine.golfo import golfo_deck, hand_value


def test_the_deck_is_the_spanish_deck_cut_to_3_to_9_of_each_suit() -> None:
    deck = golfo_deck()
    assert len(deck) == 28
    assert {(card.rank, card.suit) for card in deck} == {
        (rank, suit) for rank in range(3, 10) for suit in SUITS
    }
    assert sorted(card.id for card in deck) == list(range(28))


@pytest.mark.parametrize(
    ("hand", "value"),
    [
        ("9O 8O 7O 6O 5O", 30),  # five of a suit: only the best four count
        ("9O 8O 7O 6O 3C", 30),  # the best hand of all
        ("9O 8C 7E 6B 5O", 14),  # 9 and 5 of oros
        ("3O 4C 5E 6B 7O", 10),
        ("9C 3C 9E 8E 3B", 17),  # espadas 17 beats copas 12
        ("4B 3B 5B 6B 9C", 18),  # a card is worth its number: four bastos beat a lone 9
        ("9B 8C", 9),  # the first two cards alone
    ],
)
def test_a_hand_is_worth_the_highest_total_of_one_suit_counting_at_most_four_cards(
    hand: str, value: int
) -> None:
    assert hand_value(hand) == value
    assert hand_value(parse(hand)) == value
