"""The moves of Monte, each a small frozen dataclass, and their plain JSON form.

A player: ``PlaceBet`` (a stake on a bet of the layout while bets are open), ``Done`` (no more
bets from him this round). The dealer (seat ``None``): ``NoVaMas`` closes the bets, draws to the
first match and settles; ``NextCoup`` lays a new grid."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.errors import InvalidAction
from games.engine.monte.rules import GRID_SIZE, Kind


@dataclass(frozen=True, slots=True)
class PlaceBet:
    """``cards``: the grid positions backed (one, or two for Cartas two against two);
    ``against``: the positions they play against (Cartas only, else empty)."""

    kind: Kind
    cards: tuple[int, ...]
    amount: int
    against: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Done:
    pass


@dataclass(frozen=True, slots=True)
class NoVaMas:
    pass


@dataclass(frozen=True, slots=True)
class NextCoup:
    pass


Action = PlaceBet | Done | NoVaMas | NextCoup

BARE: dict[str, Action] = {"done": Done(), "no_va_mas": NoVaMas(), "next_coup": NextCoup()}
MAX_AMOUNT = 10**12


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, PlaceBet):
        return {
            "kind": "bet",
            "bet": str(action.kind),
            "cards": list(action.cards),
            "against": list(action.against),
            "amount": action.amount,
        }
    return {"kind": {type(move): kind for kind, move in BARE.items()}[type(action)]}


def action_from_json(data: object) -> Action:
    """The action a JSON object names; anything malformed raises ``InvalidAction``."""
    if not isinstance(data, dict):
        raise InvalidAction(detail="not an object")
    kind = data.get("kind")
    if isinstance(kind, str) and kind in BARE and set(data) == {"kind"}:
        return BARE[kind]
    if kind != "bet" or set(data) != {"kind", "bet", "cards", "against", "amount"}:
        raise InvalidAction(detail=f"unknown move {sorted(map(str, data))}")
    try:
        bet = Kind(data["bet"])
    except ValueError:
        raise InvalidAction(detail=f"unknown bet {data['bet']!r}") from None
    amount = data["amount"]
    if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {amount!r}")
    return PlaceBet(bet, _positions(data["cards"]), amount, _positions(data["against"]))


def _positions(value: object) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > 2:
        raise InvalidAction(detail=f"positions {value!r}")
    if not all(type(pos) is int and 0 <= pos < GRID_SIZE for pos in value):
        raise InvalidAction(detail=f"positions {value!r}")
    return tuple(value)
