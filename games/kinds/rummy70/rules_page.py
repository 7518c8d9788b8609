"""The Rummy 70 "how to play" page: text in the template, worked examples built here from real
cards, with the points counted by the engine itself so that an example cannot be wrong."""

from dataclasses import dataclass
from typing import Any

from games.engine.rummy.melds import form_meld, parse_meld
from games.kinds.kind import RulesPage
from games.kinds.rummy70.screen import face_up_card


@dataclass(frozen=True)
class ExampleMeld:
    """A meld as ``_card.html`` draws it, and what it counts towards the 70."""

    cards: list[dict[str, Any]]
    points: int


def example_meld(notation: str) -> ExampleMeld:
    """``"9E 10E *=JE QE"``: the cards drawn as on the table, the points as the engine counts."""
    cards, joker_as = parse_meld(notation)
    meld = form_meld(cards, joker_as=joker_as)
    stands_for = None if meld.joker_as is None else str(meld.joker_as)
    faces = [
        face_up_card(card.to_json(), stands_for if card.is_joker else None) for card in meld.cards
    ]
    return ExampleMeld(cards=faces, points=meld.points)


OPENING = ("KO KC KE", "5O 6O 7O 8O", "2C 3C 4C 5C")
SHORT_OPENING = ("KO KC KE", "5O 6O 7O 8O")
ACE_LOW_AND_HIGH = ("AE 2E 3E", "QE KE AE")
JOKER_RUN = "9E 10E *=JE QE"


def rules_page() -> RulesPage:
    opening = [example_meld(meld) for meld in OPENING]
    short = [example_meld(meld) for meld in SHORT_OPENING]
    context: dict[str, object] = {
        "opening": opening,
        "opening_total": sum(meld.points for meld in opening),
        "short": short,
        "short_total": sum(meld.points for meld in short),
        "aces": [example_meld(meld) for meld in ACE_LOW_AND_HIGH],
        "joker_run": example_meld(JOKER_RUN),
    }
    return RulesPage("tables/rummy70/rules.html", context)
