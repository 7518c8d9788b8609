"""The moves of Golfo, each a small frozen dataclass, and their plain JSON form.

Betting (envite): ``Pass`` (paso) while nobody has bet in the round; ``Bet`` (envido N) opens the
betting with N chips; after a bet, ``Call`` (igualar), ``Raise`` (subir N: N chips on top of the
bet to match) or ``Fold`` (abandonar). ``Discard`` (descarte) throws 0 to 5 cards, replaced from
the stock. ``Rebuy`` takes a new stake. ``NextHand`` is the system's move (seat ``None``) that
deals the next hand once the web layer has shown the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.errors import InvalidAction
from games.engine.golfo.hands import HAND_SIZE


@dataclass(frozen=True, slots=True)
class Pass:
    pass


@dataclass(frozen=True, slots=True)
class Bet:
    amount: int


@dataclass(frozen=True, slots=True)
class Call:
    pass


@dataclass(frozen=True, slots=True)
class Raise:
    amount: int


@dataclass(frozen=True, slots=True)
class Fold:
    pass


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True, slots=True)
class Rebuy:
    amount: int


@dataclass(frozen=True, slots=True)
class NextHand:
    pass


Action = Pass | Bet | Call | Raise | Fold | Discard | Rebuy | NextHand

KINDS: dict[str, type[Action]] = {
    "pass": Pass,
    "bet": Bet,
    "call": Call,
    "raise": Raise,
    "fold": Fold,
    "discard": Discard,
    "rebuy": Rebuy,
    "next_hand": NextHand,
}
KIND_OF: dict[type[Action], str] = {cls: kind for kind, cls in KINDS.items()}
WITH_AMOUNT = (Bet, Raise, Rebuy)
BARE: dict[str, Action] = {"pass": Pass(), "call": Call(), "fold": Fold(), "next_hand": NextHand()}
MAX_AMOUNT = 10**12


def action_to_json(action: Action) -> dict[str, Any]:
    data: dict[str, Any] = {"kind": KIND_OF[type(action)]}
    if isinstance(action, WITH_AMOUNT):
        data["amount"] = action.amount
    if isinstance(action, Discard):
        data["cards"] = [card.to_json() for card in action.cards]
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
    expected = {"kind"} | ({"amount"} if cls in WITH_AMOUNT else set())
    expected |= {"cards"} if cls is Discard else set()
    if set(data) != expected:
        raise InvalidAction(detail=f"fields {sorted(map(str, data))} for {kind}")
    if cls is Bet:
        return Bet(_amount(data["amount"]))
    if cls is Raise:
        return Raise(_amount(data["amount"]))
    if cls is Rebuy:
        return Rebuy(_amount(data["amount"]))
    if cls is Discard:
        return Discard(_cards(data["cards"]))
    return BARE[kind]


def _amount(value: object) -> int:
    if type(value) is not int or not 0 < value <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {value!r}")
    return value


def _cards(value: object) -> tuple[Card, ...]:
    if not isinstance(value, list) or len(value) > HAND_SIZE:
        raise InvalidAction(detail="cards must be a list of at most five cards")
    if not all(isinstance(text, str) for text in value):
        raise InvalidAction(detail="cards must be strings")
    return tuple(_card(text) for text in value)


def _card(text: str) -> Card:
    """A card as ``"7O"`` or in the shared JSON form ``"7O#12"``."""
    try:
        return Card.from_json(text) if "#" in text else parse_card(text)
    except ValueError:  # an id of digits ``int`` refuses, e.g. "7O#²"
        raise InvalidAction(detail=repr(text)) from None
