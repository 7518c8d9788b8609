"""The three-bet stud "how to play" page: text in the template, the pay table and example hands
built here from real cards, each hand classified by the engine itself so that an example cannot
be wrong."""

from dataclasses import dataclass

from games.engine.cards import parse
from games.engine.stud import PayTable, classify
from games.engine.stud.hands import PAYS
from games.kinds.kind import RulesPage
from games.kinds.stud.screen import Face, category_name, face_up_card


@dataclass(frozen=True)
class ExampleHand:
    """Five cards as ``_card.html`` draws them, what the hand is and what it pays "to 1"
    (``None``: it loses the bets in play)."""

    cards: list[Face]
    name: str
    pays: int | None


def example_hand(notation: str) -> ExampleHand:
    cards = parse(notation)
    category = classify(cards, PayTable.TENS)
    return ExampleHand(
        cards=[face_up_card(str(card)) for card in cards],
        name=category_name(str(category), str(PayTable.TENS)),
        pays=PAYS.get(category),
    )


HANDS = ("10O 10C 4E 8B KO", "9O 9C 4E 8B KO", "5E 6E 7O 8B 9C")


def rules_page() -> RulesPage:
    context: dict[str, object] = {
        "hands": [example_hand(hand) for hand in HANDS],
        "lines": [
            {"name": category_name(str(category), str(PayTable.TENS)), "pays": pays}
            for category, pays in PAYS.items()
        ],
    }
    return RulesPage("tables/stud/rules.html", context)
