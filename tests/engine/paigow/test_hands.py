"""The ranking of hands: five aces on top, A-2-3-4-5 second among straights, the joker's limits,
the 2-card hand, and which splits are foul."""

from __future__ import annotations

import pytest

from games.engine.cards import parse
from games.engine.paigow import high_value, is_foul, low_value, paigow_deck
from games.engine.paigow.hands import (
    FIVE_ACES,
    FLUSH,
    PAIR,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    splits,
)


def high(text: str) -> tuple[int, ...]:
    return high_value(parse(text))


def test_the_deck_has_53_cards_with_one_joker() -> None:
    deck = paigow_deck()
    assert len(deck) == 53
    assert len(set(deck)) == 53
    assert sum(card.is_joker for card in deck) == 1


def test_five_aces_beat_a_royal_flush() -> None:
    assert high("* AO AC AE AB") == (FIVE_ACES,)
    assert high("* AO AC AE AB") > high("AO KO QO JO 10O")


def test_a_2_3_4_5_is_the_second_highest_straight() -> None:
    broadway, wheel, king_high = (
        high("AO KC QE JB 10O"),
        high("AO 2C 3E 4B 5O"),
        high("KO QC JE 10B 9O"),
    )
    assert broadway > wheel > king_high > high("6O 5C 4E 3B 2O")
    assert wheel[0] == STRAIGHT


def test_a_2_3_4_5_suited_is_the_second_highest_straight_flush() -> None:
    assert high("AO KO QO JO 10O") > high("AO 2O 3O 4O 5O") > high("KO QO JO 10O 9O")


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("* AO KC 7E 3B", "AO AC KC 7E 3B"),  # an ace: a pair of aces
        ("* KO KC 7E 3B", "AO KO KC 7E 3B"),  # an ace beside kings, never a third king
        ("* KO QC JE 10B", "AO KO QC JE 10B"),  # completes the top straight
        ("* 2O 3C 4E 5B", "AO 2O 3C 4E 5B"),  # the ace of the wheel, over a 6-high straight
        ("* 9O 8C 6E 5B", "9O 8C 7E 6E 5B"),  # completes an inside straight
        ("* KO 9O 6O 2O", "AO KO 9O 6O 2O"),  # completes a flush as its ace
        ("* AO KO 9O 6O", "AO KO QO 9O 6O"),  # the ace is held: the highest card missing
        ("* 9O 8O 7O 5O", "9O 8O 7O 6O 5O"),  # completes a straight flush
    ],
)
def test_the_joker_is_an_ace_or_completes_a_straight_or_flush(text: str, same_as: str) -> None:
    assert high(text) == high(same_as)


def test_the_joker_is_no_wild_card() -> None:
    assert high("* KO KC KE 7B")[0] == TRIPS  # kings and an ace, not four kings
    assert high("* QO QC 7E 3B")[0] == PAIR
    assert low_value(parse("* KO")) == low_value(parse("AO KC"))


def test_the_best_two_card_hand_is_a_pair_of_aces() -> None:
    assert low_value(parse("AO AC")) == low_value(parse("* AC"))
    assert low_value(parse("AO AC")) > low_value(parse("KO KC")) > low_value(parse("AO KC"))


def test_a_split_whose_two_cards_outrank_the_five_is_foul() -> None:
    assert is_foul(parse("KO QC 9E 5B 3O"), parse("AO 2C"))
    assert is_foul(parse("7O 7C KE 5B 3O"), parse("8O 8C"))
    assert not is_foul(parse("AO QC 9E 5B 3O"), parse("AC QE"))  # more cards behind: higher
    assert not is_foul(parse("8O 8C KE 5B 3O"), parse("8E 8B"))
    assert high("2O 3C 4E 5B 7O")[0] < FLUSH


def test_every_split_of_seven_cards_that_is_offered_is_legal() -> None:
    seven = parse("AO KC 9E 7B 5O 3C 2E")
    found = splits(seven)
    assert all(not is_foul(five, two) for two, five in found)
    assert len(found) < 21
    assert STRAIGHT_FLUSH > FLUSH
