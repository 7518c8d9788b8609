"""A fixed Pai Gow Poker deal for tests (``CARDROOM_DEALS``, docs/live-tables.md), as JSON."""

from collections.abc import Mapping
from typing import Any

from games.engine import paigow
from games.engine.cards import parse, stacked
from games.engine.protocol import JsonObject


def fixed_deal(spec: Mapping[str, Any], players: int) -> JsonObject:
    """The stored deal of a ``CARDROOM_DEALS`` entry: the top of each coup's deck by coup number,
    in card notation (seven cards to each seat with a bet, in seat order, then seven to the
    bank); the rest of the 53 cards follow in the deck's own order."""
    decks = {
        str(coup): [card.to_json() for card in stacked(paigow.paigow_deck(), parse(text))]
        for coup, text in spec.get("decks", {}).items()
    }
    return {"decks": decks}
