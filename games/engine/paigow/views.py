"""What one seat (or a spectator) may know of a Pai Gow Poker table, as plain JSON data.

The only way information leaves the engine. A player sees his own seven cards (and the house
way's suggestion for them) from the deal; the other seats' cards and the bank's are shown to
everybody only once the coup is settled. Nobody ever sees the stock.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.paigow.hands import CATEGORY_NAMES, high_value
from games.engine.paigow.houseway import house_way
from games.engine.paigow.match import legal_moves
from games.engine.paigow.state import Phase, Seat, State


def _cards(cards: list[Card]) -> list[str]:
    return [card.to_json() for card in cards]


def view(state: State, viewer: int | None) -> dict[str, Any]:
    if viewer is not None and not 0 <= viewer < len(state.seats):
        viewer = None
    shown = state.phase is Phase.COUP_OVER
    return {
        "game": "paigow",
        "viewer": viewer,
        "options": state.options.to_json(),
        "coup_no": state.coup_no,
        "phase": str(state.phase),
        "bank": {
            "chips": state.bank,
            "card_count": len(state.bank_cards),
            "high": _cards(state.bank_high) if shown else None,
            "low": _cards(state.bank_low) if shown else None,
            "category": _category(state.bank_high) if shown and state.bank_cards else None,
        },
        "seats": [
            _seat(player, number == viewer, shown) for number, player in enumerate(state.seats)
        ],
        "legal": legal_moves(state, viewer) if viewer is not None else [],
    }


def _category(high: list[Card]) -> str:
    return CATEGORY_NAMES[high_value(high)[0]]


def _seat(player: Seat, own: bool, shown: bool) -> dict[str, Any]:
    seen = own or shown
    suggestion = (
        _cards(list(house_way(player.cards))) if own and player.cards and not player.low else None
    )
    return {
        "chips": player.chips,
        "bet": player.bet,
        "decided": player.decided,
        "card_count": len(player.cards),
        "has_set": bool(player.low),
        "cards": _cards(player.cards) if seen else None,
        "high": _cards(player.high) if seen and player.low else None,
        "low": _cards(player.low) if seen and player.low else None,
        "category": _category(player.high) if seen and player.low else None,
        "house_way": suggestion,
        "outcome": None if player.outcome is None else str(player.outcome),
        "net": player.net if shown else None,
        "commission": player.commission if shown else None,
    }
