"""The moves of Rummy 70: small frozen dataclasses, and their plain JSON form.

A card in an action names one physical card (``"7O#12"``): face and id must both match a card
of the player's hand. ``seat`` is not part of an action: ``apply(state, seat, action)`` gets it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.errors import InvalidAction
from games.engine.rummy.melds import parse_meld


@dataclass(frozen=True, slots=True)
class MeldSpec:
    """Cards to lay as one meld, and what its joker stands for when the player says so."""

    cards: tuple[Card, ...]
    joker_as: Card | None = None

    @classmethod
    def of(cls, text: str) -> MeldSpec:
        """From notation: ``MeldSpec.of("5O 6O *=7O")`` (ids 0, 1, 2…: fit for ``form_meld``)."""
        cards, joker_as = parse_meld(text)
        return cls(tuple(cards), joker_as)


@dataclass(frozen=True, slots=True)
class KeepCut:
    """The cutter who showed a joker keeps it (he is then dealt 13 more) or puts it back."""

    keep: bool


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""


@dataclass(frozen=True, slots=True)
class TakeDiscard:
    """Take the top discard (opened players; the first up-card joker for the first player)."""


@dataclass(frozen=True, slots=True)
class Open:
    """Abrirse: lay one or more melds from the hand, together worth 70 or more."""

    melds: tuple[MeldSpec, ...]


@dataclass(frozen=True, slots=True)
class LayMeld:
    """After opening: lay one more meld from the hand."""

    meld: MeldSpec


@dataclass(frozen=True, slots=True)
class LayOff:
    """After opening: add a card to a meld on the table (``meld`` is its index)."""

    meld: int
    card: Card
    joker_as: Card | None = None


@dataclass(frozen=True, slots=True)
class SwapJoker:
    """After opening: give the real card a joker on the table stands for and take the joker."""

    meld: int
    card: Card


@dataclass(frozen=True, slots=True)
class Discard:
    """End the turn by throwing one card face up."""

    card: Card


@dataclass(frozen=True, slots=True)
class Close:
    """Cerrar: every other card is on the table; ``last`` goes face down, or nothing is left."""

    last: Card | None = None


@dataclass(frozen=True, slots=True)
class Ready:
    """A player still in is ready for the next hand."""


@dataclass(frozen=True, slots=True)
class NextHand:
    """The table (seat ``None``) deals the next hand without waiting any longer."""


Action = (
    KeepCut
    | Draw
    | TakeDiscard
    | Open
    | LayMeld
    | LayOff
    | SwapJoker
    | Discard
    | Close
    | Ready
    | NextHand
)


def _card_json(card: Card | None) -> str | None:
    return None if card is None else card.to_json()


def _face_json(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _meld_json(spec: MeldSpec) -> dict[str, Any]:
    return {"cards": [c.to_json() for c in spec.cards], "joker_as": _face_json(spec.joker_as)}


def action_to_json(action: Action) -> dict[str, Any]:
    """Plain JSON data for an action; :func:`action_from_json` gives it back exactly."""
    match action:
        case Open(melds=melds):
            return {"kind": "open", "melds": [_meld_json(m) for m in melds]}
        case LayMeld(meld=meld):
            return {"kind": "lay_meld", "meld": _meld_json(meld)}
        case LayOff(meld=index, card=card, joker_as=joker_as):
            return {
                "kind": "lay_off",
                "meld": index,
                "card": card.to_json(),
                "joker_as": _face_json(joker_as),
            }
        case SwapJoker(meld=index, card=card):
            return {"kind": "swap_joker", "meld": index, "card": card.to_json()}
        case Discard(card=card):
            return {"kind": "discard", "card": card.to_json()}
        case Close(last=last):
            return {"kind": "close", "last": _card_json(last)}
        case KeepCut(keep=keep):
            return {"kind": "keep_cut", "keep": keep}
    return {"kind": _SIMPLE_KINDS[type(action)]}


_SIMPLE: dict[str, Action] = {
    "draw": Draw(),
    "take_discard": TakeDiscard(),
    "ready": Ready(),
    "next_hand": NextHand(),
}
_SIMPLE_KINDS: dict[type, str] = {type(action): kind for kind, action in _SIMPLE.items()}
_FIELDS: dict[str, set[str]] = {
    "open": {"melds"},
    "lay_meld": {"meld"},
    "lay_off": {"meld", "card", "joker_as"},
    "swap_joker": {"meld", "card"},
    "discard": {"card"},
    "close": {"last"},
    "keep_cut": {"keep"},
} | {kind: set() for kind in _SIMPLE}


def _garbage(data: object) -> InvalidAction:
    return InvalidAction(detail=repr(data)[:200])


def _card(data: object) -> Card:
    return Card.from_json(data)


def _face(data: object) -> Card | None:
    if data is None:
        return None
    if not isinstance(data, str) or data.startswith("*"):
        raise _garbage(data)
    return parse_card(data)


def _index(data: object) -> int:
    if type(data) is not int or not 0 <= data < 10_000:
        raise _garbage(data)
    return data


def _meld(data: object) -> MeldSpec:
    if not isinstance(data, dict) or set(data) - {"cards", "joker_as"}:
        raise _garbage(data)
    cards = data.get("cards")
    if not isinstance(cards, list) or len(cards) > 20:
        raise _garbage(data)
    return MeldSpec(tuple(_card(c) for c in cards), _face(data.get("joker_as")))


def action_from_json(data: object) -> Action:
    """An action from plain JSON; anything malformed raises ``InvalidAction``, nothing else."""
    if not isinstance(data, dict):
        raise _garbage(data)
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in _FIELDS or set(data) - _FIELDS[kind] - {"kind"}:
        raise _garbage(data)
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind == "open":
        melds = data.get("melds")
        if not isinstance(melds, list) or not 0 < len(melds) <= 10:
            raise _garbage(data)
        return Open(tuple(_meld(m) for m in melds))
    if kind == "lay_meld":
        return LayMeld(_meld(data.get("meld")))
    if kind == "lay_off":
        return LayOff(
            _index(data.get("meld")), _card(data.get("card")), _face(data.get("joker_as"))
        )
    if kind == "swap_joker":
        return SwapJoker(_index(data.get("meld")), _card(data.get("card")))
    if kind == "discard":
        return Discard(_card(data.get("card")))
    if kind == "keep_cut":
        keep = data.get("keep")
        if type(keep) is not bool:
            raise _garbage(data)
        return KeepCut(keep)
    last = data.get("last")
    return Close(None if last is None else _card(last))
