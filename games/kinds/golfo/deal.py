"""A fixed Golfo deal for tests (``CARDROOM_DEALS``, docs/live-tables.md), stored in JSON."""

from collections.abc import Mapping
from typing import Any

from games.engine.cards import parse
from games.engine.protocol import JsonObject


def fixed_deal(spec: Mapping[str, Any], players: int) -> JsonObject:
    """The stored deal of a ``CARDROOM_DEALS`` entry: the dealer and the top of each hand's
    deck by hand number, in card notation."""
    dealer = int(spec.get("dealer", 0))
    decks = {
        str(hand): [card.to_json() for card in parse(text)]
        for hand, text in spec.get("decks", {}).items()
    }
    return {"dealer": dealer, "decks": decks}
