"""A fixed Rummy 70 deal for tests (``CARDROOM_DEALS``, docs/live-tables.md), stored in JSON."""

from collections.abc import Mapping
from typing import Any

from games.engine import rummy
from games.engine.protocol import JsonObject


def fixed_deal(spec: Mapping[str, Any], players: int) -> JsonObject:
    """The stored deal of a ``CARDROOM_DEALS`` entry: the dealer, each seat's hand, the card
    turned up, the cut and the stock, in card notation."""
    dealer = int(spec.get("dealer", 0))
    deck = rummy.stacked_deal(
        players=players,
        dealer=dealer,
        hands={int(seat): text for seat, text in spec.get("hands", {}).items()},
        up=spec.get("up"),
        cut=spec.get("cut"),
        stock=spec.get("stock", ""),
    )
    return {"dealer": dealer, "deck": [card.to_json() for card in deck]}
