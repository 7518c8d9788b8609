"""The Pai Gow Poker "how to play" page: text in the template, a worked example built here from
real cards, split by the engine's own house way so that the example cannot be wrong."""

from dataclasses import dataclass
from typing import Any

from games.engine import paigow
from games.engine.cards import parse
from games.kinds.kind import RulesPage
from games.kinds.paigow.screen import face_up_card


@dataclass(frozen=True)
class ExampleSplit:
    """Seven cards as ``_card.html`` draws them, and the two hands the house way sets."""

    cards: list[dict[str, Any]]
    high: list[dict[str, Any]]
    low: list[dict[str, Any]]


def example_split(notation: str) -> ExampleSplit:
    """``"AO AC KE QB 9O 5C 2E"``: the seven cards in the order given and the house way's split."""
    cards = parse(notation)
    low = paigow.house_way(cards)
    return ExampleSplit(
        cards=[face_up_card(card.to_json()) for card in cards],
        high=[face_up_card(card.to_json()) for card in cards if card not in low],
        low=[face_up_card(card.to_json()) for card in low],
    )


ONE_PAIR = "AO AC KE QB 9O 5C 2E"
TWO_PAIRS = "KO KC 6E 6B 9O 5C 2E"


def rules_page() -> RulesPage:
    context: dict[str, object] = {
        "one_pair": example_split(ONE_PAIR),
        "two_pairs": example_split(TWO_PAIRS),
    }
    return RulesPage("tables/paigow/rules.html", context)
