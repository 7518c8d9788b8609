"""The moves of the three-bet stud, each a small frozen dataclass, and their plain JSON form.

A player's moves: ``Bet`` (the three equal bets, ``amount`` chips each) while the betting is
open; then, in turn, ``Withdraw`` (retirar) or ``Ride`` (dejarla en juego) for bet 1, and again
for bet 2. The table's moves (seat ``None``): ``Deal`` ("no va más": the betting closes and the
cards are dealt), ``Expose`` (a common card was shown by mistake: ``position`` 0 or 1) and
``NextHand`` (the betting opens for the next coup).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.errors import InvalidAction
from games.engine.stud.hands import COMMON_CARDS

MAX_AMOUNT = 10**12


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int


@dataclass(frozen=True, slots=True)
class Withdraw:
    pass


@dataclass(frozen=True, slots=True)
class Ride:
    pass


@dataclass(frozen=True, slots=True)
class Deal:
    pass


@dataclass(frozen=True, slots=True)
class Expose:
    position: int


@dataclass(frozen=True, slots=True)
class NextHand:
    pass


Action = Bet | Withdraw | Ride | Deal | Expose | NextHand
TABLE_MOVES = (Deal, Expose, NextHand)

BARE: dict[str, Action] = {
    "withdraw": Withdraw(),
    "ride": Ride(),
    "deal": Deal(),
    "next_hand": NextHand(),
}


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, Bet):
        return {"kind": "bet", "amount": action.amount}
    if isinstance(action, Expose):
        return {"kind": "expose", "position": action.position}
    (kind,) = (kind for kind, bare in BARE.items() if bare == action)
    return {"kind": kind}


def action_from_json(data: object) -> Action:
    """The action a JSON object names. Anything malformed raises ``InvalidAction``, never
    another exception: the web layer feeds this with what a browser sent."""
    if not isinstance(data, dict):
        raise InvalidAction(detail="not an object")
    kind = data.get("kind")
    if kind == "bet":
        amount = data.get("amount")
        if set(data) != {"kind", "amount"} or type(amount) is not int:
            raise InvalidAction(detail=repr(data))
        if not 0 < amount <= MAX_AMOUNT:
            raise InvalidAction(detail=f"amount {amount!r}")
        return Bet(amount)
    if kind == "expose":
        position = data.get("position")
        if set(data) != {"kind", "position"} or type(position) is not int:
            raise InvalidAction(detail=repr(data))
        if not 0 <= position < COMMON_CARDS:
            raise InvalidAction(detail=f"position {position!r}")
        return Expose(position)
    if not isinstance(kind, str) or kind not in BARE or set(data) != {"kind"}:
        raise InvalidAction(detail=repr(data))
    return BARE[kind]
