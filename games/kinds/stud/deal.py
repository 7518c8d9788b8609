"""A fixed stud deal for tests (``CARDROOM_DEALS``, docs/live-tables.md), stored in JSON."""

from collections.abc import Mapping
from typing import Any

from games.engine import stud
from games.engine.cards import parse, stacked
from games.engine.protocol import JsonObject
from games.engine.stud.hands import COMMON_CARDS, OWN_CARDS


def dealing_order(hands: list[str], common: str) -> str:
    """The deck's top, in notation, that deals ``hands`` (three cards each, to the seats that
    bet, in seat order) and the two ``common`` cards in the seed's order: a card to each, the
    first common card, a second card to each, the second common card, a third card to each."""
    own = [hand.split() for hand in hands]
    shared = common.split()
    top: list[str] = []
    for round_no in range(OWN_CARDS):
        top += [cards[round_no] for cards in own]
        if round_no < COMMON_CARDS:
            top.append(shared[round_no])
    return " ".join(top)


def fixed_deck(hands: list[str], common: str) -> list[str]:
    """The 52 cards, in their JSON form, of a coup that deals ``hands`` and ``common``."""
    deck = stacked(stud.stud_deck(), parse(dealing_order(hands, common)))
    return [card.to_json() for card in deck]


def fixed_deal(spec: Mapping[str, Any], players: int) -> JsonObject:
    """The stored deal of a ``CARDROOM_DEALS`` entry: by coup number, the three cards of each
    seat that bets (in seat order) and the two common cards, in card notation:
    ``{"decks": {"1": {"hands": ["AO AC 2E", "KB QB JB"], "common": "4B 10O"}}}``."""
    decks = {
        str(hand): fixed_deck(list(coup["hands"]), str(coup["common"]))
        for hand, coup in spec.get("decks", {}).items()
    }
    return {"decks": decks}
