"""The Golfo "how to play" page: text in the template, worked examples built here from real
cards, with the values counted by the engine itself so that an example cannot be wrong."""

from dataclasses import dataclass

from games.engine.cards import parse
from games.engine.golfo.hands import hand_value
from games.kinds.golfo.screen import Face, face_up_card
from games.kinds.kind import RulesPage


@dataclass(frozen=True)
class ExampleHand:
    """Five Golfo cards as ``_card.html`` draws them, and the hand's value."""

    cards: list[Face]
    value: int


def example_hand(notation: str) -> ExampleHand:
    """``"9C 8C 6C 4C 7O"``: the cards in the order given and the value Golfo gives them."""
    cards = parse(notation)
    faces = [face_up_card(f"{card}#{n}") for n, card in enumerate(cards)]
    return ExampleHand(cards=faces, value=hand_value(cards))


HANDS = ("9C 8C 6C 4C 7O", "9E 8E 7E 6B 5O")
FIVE_OF_A_SUIT = "9O 8O 7O 6O 5O"


def rules_page() -> RulesPage:
    context: dict[str, object] = {
        "hands": [example_hand(hand) for hand in HANDS],
        "full_suit": example_hand(FIVE_OF_A_SUIT),
    }
    return RulesPage("tables/golfo/rules.html", context)
