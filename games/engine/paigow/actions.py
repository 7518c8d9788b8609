"""The moves of Pai Gow Poker, each a small frozen dataclass, and their plain JSON form.

A seat: ``Bet`` (apuesta) or ``SitOut`` while bets are open; once dealt, ``Split`` (names the two
cards of the 2-card hand; the other five make the 5-card hand) or ``HouseWay`` (let the house
way set them). The table (seat ``None``): ``CloseBets`` ("no va más": seats that have not bet sit
the coup out) and ``NextHand`` (opens the next coup's bets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.errors import InvalidAction
from games.engine.paigow.hands import LOW_SIZE


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int


@dataclass(frozen=True, slots=True)
class SitOut:
    pass


@dataclass(frozen=True, slots=True)
class Split:
    low: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HouseWay:
    pass


@dataclass(frozen=True, slots=True)
class CloseBets:
    pass


@dataclass(frozen=True, slots=True)
class NextHand:
    pass


Action = Bet | SitOut | Split | HouseWay | CloseBets | NextHand

KINDS: dict[str, type[Action]] = {
    "bet": Bet,
    "sit_out": SitOut,
    "split": Split,
    "house_way": HouseWay,
    "close_bets": CloseBets,
    "next_hand": NextHand,
}
KIND_OF: dict[type[Action], str] = {cls: kind for kind, cls in KINDS.items()}
BARE: dict[str, Action] = {
    "sit_out": SitOut(),
    "house_way": HouseWay(),
    "close_bets": CloseBets(),
    "next_hand": NextHand(),
}
MAX_AMOUNT = 10**12


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": KIND_OF[type(action)]}
    if isinstance(action, Bet):
        data["amount"] = action.amount
    if isinstance(action, Split):
        data["low"] = [card.to_json() for card in action.low]
    return data


def action_from_json(data: object) -> Action:
    """The action a JSON object names. Anything malformed raises ``InvalidAction``, never
    another exception: the web layer feeds this with what a browser sent."""
    if not isinstance(data, dict):
        raise InvalidAction(detail="not an object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise InvalidAction(detail=f"unknown kind {kind!r}")
    cls = KINDS[kind]
    expected = (
        {"kind"} | ({"amount"} if cls is Bet else set()) | ({"low"} if cls is Split else set())
    )
    if set(data) != expected:
        raise InvalidAction(detail=f"fields {sorted(map(str, data))} for {kind}")
    if cls is Bet:
        amount = data["amount"]
        if type(amount) is not int or not 0 < amount <= MAX_AMOUNT:
            raise InvalidAction(detail=f"amount {amount!r}")
        return Bet(amount)
    if cls is Split:
        return Split(_cards(data["low"]))
    return BARE[kind]


def _cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) != LOW_SIZE:
        raise InvalidAction(detail="the 2-card hand must be a list of two cards")
    if not all(isinstance(text, str) for text in value):
        raise InvalidAction(detail="cards must be strings")
    try:
        return tuple(Card.from_json(text) if "#" in text else parse_card(text) for text in value)
    except ValueError:
        raise InvalidAction(detail=repr(value)) from None
