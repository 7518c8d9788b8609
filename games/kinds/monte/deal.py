"""A fixed Monte deal for tests (``CARDROOM_DEALS``, docs/live-tables.md), stored in JSON."""

from collections.abc import Mapping
from typing import Any

from games.engine import monte
from games.engine.cards import parse, stacked
from games.engine.protocol import JsonObject


def fixed_deal(spec: Mapping[str, Any], players: int) -> JsonObject:
    """The stored deal of a ``CARDROOM_DEALS`` entry, ``{"decks": {coup_no: "AO 2C 3E 4B
    ..."}}``: each coup's whole 40-card deck (the engine's deal format), those cards on top in
    that order (the grid as it is laid, then the cards drawn), the rest below them."""
    decks = {
        str(coup): [card.to_json() for card in stacked(monte.monte_deck(), parse(text))]
        for coup, text in spec.get("decks", {}).items()
    }
    return {"decks": decks}
