"""The shared card notation of RULES.md and the seeded, injectable shuffle."""

import json

import pytest

from games.engine import cards
from games.engine.cards import Card, Suit
from games.engine.errors import EngineError, InvalidAction


def test_notation__rank_then_suit_for_every_rank_and_suit():
    parsed = cards.parse("AO 2C 10E JB QO KC *")
    assert [(card.rank, card.suit) for card in parsed] == [
        (1, Suit.OROS),
        (2, Suit.COPAS),
        (10, Suit.ESPADAS),
        (11, Suit.BASTOS),
        (12, Suit.OROS),
        (13, Suit.COPAS),
        (0, None),
    ]
    assert parsed[-1].is_joker


def test_format_is_the_inverse_of_parse():
    text = "AO 10C QB KE * 7O"
    assert cards.format(cards.parse(text)) == text


@pytest.mark.parametrize("bad", ["1O", "11C", "AX", "O", "", "10", "**", "ao"])
def test_parse__refuses_unknown_notation_with_the_engine_error(bad):
    with pytest.raises(InvalidAction) as refused:
        cards.parse_card(bad)
    assert isinstance(refused.value, EngineError)
    assert refused.value.code == "invalid_action"


def test_copies_are_told_apart_by_id_only():
    first, second = cards.parse("7O 7O")
    assert first == second and hash(first) == hash(second)
    assert first.id != second.id


def test_card_json_round_trip_keeps_the_physical_card():
    card = Card(7, Suit.OROS, 42)
    data = json.loads(json.dumps(card.to_json()))
    back = Card.from_json(data)
    assert back == card and back.id == 42


@pytest.mark.parametrize("garbage", [None, 7, "7O", "7O#x", "7O#²", "7O#-1", "ZZ#1", ["7O#1"]])
def test_card_json__garbage_is_an_invalid_action(garbage):
    with pytest.raises(InvalidAction):
        Card.from_json(garbage)


def test_build_deck__every_physical_card_has_its_own_id():
    deck = cards.build_deck(range(1, 14), copies=2, jokers=2)
    assert len(deck) == 106
    assert len({card.id for card in deck}) == 106


def test_a_physical_card_is_one_object_whichever_deck_or_state_holds_it():
    """Hundreds of tables' states in one server hold the same few hundred card objects."""
    first, second = (
        cards.build_deck(range(1, 14), copies=2),
        cards.build_deck(range(1, 14), copies=2),
    )
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert Card.from_json(first[60].to_json()) is first[60]
    assert cards.parse("7O 7O") == [first[6], first[6]]  # equal copies ...
    assert cards.parse("7O 7O")[1] is not first[6]  # ... but not the same physical card


def test_shuffle__same_seed_and_keys_same_order_other_keys_other_order():
    deck = cards.build_deck(range(3, 10))
    one = cards.shuffled(deck, cards.seeded_rng(1, "hand", 1))
    again = cards.shuffled(deck, cards.seeded_rng(1, "hand", 1))
    other = cards.shuffled(deck, cards.seeded_rng(1, "hand", 2))
    assert [c.id for c in one] == [c.id for c in again]
    assert [c.id for c in one] != [c.id for c in other]
    assert deck == cards.build_deck(range(3, 10))


def test_stacked__named_cards_on_top_taken_from_the_deck():
    deck = cards.build_deck(range(3, 10))
    top = cards.parse("9O 3B")
    order = cards.stacked(deck, top)
    assert cards.format(order[:2]) == "9O 3B"
    assert sorted(c.id for c in order) == sorted(c.id for c in deck)
    with pytest.raises(InvalidAction):
        cards.stacked(deck, cards.parse("AO"))
