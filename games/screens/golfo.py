"""The Golfo screen: what one viewer sees of a Golfo table, and the moves its forms send.

``context`` turns the engine's ``view`` (and nothing else) into the template's context;
``move_from_fields`` turns a browser form into an engine action. The contract with the table
plumbing is docs/game-screens.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from games.engine import golfo as engine
from games.engine.errors import InvalidAction
from games.engine.golfo.actions import MAX_AMOUNT, Action
from games.engine.golfo.hands import HAND_SIZE
from games.screens import PlayerInfo

TEMPLATE = "tables/golfo/_game.html"

PLACES: dict[int, tuple[str, ...]] = {
    4: ("bottom", "right", "top", "left"),
    3: ("bottom", "right", "left"),
}
"""Where each seat sits on screen, counted from the viewer's seat in the direction of play
(counter-clockwise seen from above: the next player sits at the viewer's right)."""

SUIT_NAMES: dict[str, Promise] = {
    "O": pgettext_lazy("golfo", "coins"),
    "C": pgettext_lazy("golfo", "cups"),
    "E": pgettext_lazy("golfo", "swords"),
    "B": pgettext_lazy("golfo", "clubs"),
}

LANCE_NAMES: dict[str, Promise] = {
    "envite_1": pgettext_lazy("golfo", "First envite"),
    "envite_2": pgettext_lazy("golfo", "Second envite"),
    "descarte_1": pgettext_lazy("golfo", "First descarte"),
    "envite_3": pgettext_lazy("golfo", "Third envite"),
    "descarte_2": pgettext_lazy("golfo", "Second descarte"),
    "envite_4": pgettext_lazy("golfo", "Last envite"),
    "hand_over": pgettext_lazy("golfo", "Hand over"),
    "match_over": pgettext_lazy("golfo", "Match over"),
}
PLAYING_LANCES = frozenset(LANCE_NAMES) - {"hand_over", "match_over"}

MOVE_FIELDS: dict[str, frozenset[str]] = {
    "pass": frozenset(),
    "bet": frozenset({"amount"}),
    "call": frozenset(),
    "raise": frozenset({"amount"}),
    "fold": frozenset(),
    "discard": frozenset(),
    "rebuy": frozenset({"amount"}),
}
"""Each move's required fields besides ``move``. A discard may add ``cards`` (none: servido).
``next_hand`` is the table's move, never a browser's; "Listo" (``move=ready``) is counted by
the plumbing before it calls :func:`move_from_fields` (docs/game-screens.md)."""
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {"discard": frozenset({"cards"})}
AMOUNT_TEXT = re.compile(r"[0-9]{1,13}")
CARD_TEXT = re.compile(r"[3-9][OCEB]#[0-9]{1,3}")


@dataclass(frozen=True)
class CardFace:
    """A card shown face up: its id (the engine's ``7O#12``), rank, suit letter and name."""

    id: str
    rank: str
    suit: str
    name: Promise


@dataclass(frozen=True)
class Seat:
    seat: int
    place: str
    name: str
    connected: bool
    is_viewer: bool
    shows_backs: bool
    is_turn: bool
    is_dealer: bool
    playing: bool
    sits_out: bool
    folded: bool
    all_in: bool
    no_chips: bool
    eliminated: bool
    stack: int
    round_bet: int
    card_count: int
    thrown: tuple[int, ...]
    rebought: int

    @property
    def backs(self) -> range:
        """One item per card he holds face down, for the template to draw backs."""
        return range(self.card_count if self.shows_backs else 0)


@dataclass(frozen=True)
class Pot:
    amount: int
    side: bool
    eligible: tuple[str, ...]
    winners: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Shown:
    name: str
    cards: tuple[CardFace, ...]
    value: int
    won: bool


@dataclass(frozen=True)
class Amount:
    """The limits of a move with an amount; ``resto`` when the maximum is all he has."""

    min: int
    max: int

    @property
    def only_resto(self) -> bool:
        return self.min == self.max


@dataclass(frozen=True)
class Controls:
    """The moves open to the viewer now, from ``view["legal"]``."""

    can_pass: bool = False
    bet: Amount | None = None
    call: int | None = None
    call_is_resto: bool = False
    raise_: Amount | None = None
    can_fold: bool = False
    discard: bool = False
    rebuy: Amount | None = None

    @property
    def betting(self) -> bool:
        """Some envite move is open to him."""
        return self.can_pass or self.can_fold or self.call is not None or bool(self.bet)


def context(
    view: dict[str, Any], *, players: Sequence[PlayerInfo], viewer_seat: int | None
) -> dict[str, Any]:
    """Template context for one viewer, from the engine's ``view(state, viewer)`` only."""
    names = {player.seat: player for player in players}
    seats = view["seats"]
    me = view["viewer"]
    own = seats[me] if me is not None else None
    lance = view["lance"]
    playing = lance in PLAYING_LANCES
    turn = view["turn"]
    return {
        "golfo": {
            "hand_no": view["hand_no"],
            "lance_name": LANCE_NAMES[lance],
            "playing": playing,
            "current_bet": view["current_bet"],
            "ante": view["options"]["ante"],
            "min_bet": view["options"]["min_bet"],
            "freezeout": view["options"]["stakes"] == "freezeout",
            "split_ties": view["options"]["tie"] == "split",
            "seats": _seats(seats, names, viewer_seat, turn=turn, playing=playing),
            "turn_name": _name(names, turn) if turn is not None else "",
            "viewer_turn": turn is not None and turn == me,
            "pots": [
                Pot(pot["amount"], index > 0, tuple(_name(names, s) for s in pot["eligible"]))
                for index, pot in enumerate(view["pots"])
            ],
            "is_player": me is not None,
            "hand": tuple(_face(card) for card in own["cards"] or ()) if own else (),
            "hand_value": own["value"] if own else None,
            "folded": bool(own and own["folded"]),
            "stack": own["stack"] if own else 0,
            "controls": _controls(view["legal"], own),
            "viewer_seat": me,
            "may_be_ready": bool(own and lance == "hand_over" and own["stack"] > 0),
            "result": _result(view["result"], names),
            "winner": _name(names, view["winner"]) if view["winner"] is not None else "",
        }
    }


def _seats(
    seats: list[dict[str, Any]],
    names: Mapping[int, PlayerInfo],
    viewer_seat: int | None,
    *,
    turn: int | None,
    playing: bool,
) -> list[Seat]:
    count = len(seats)
    bottom = viewer_seat if viewer_seat is not None and 0 <= viewer_seat < count else 0
    places = PLACES[count]
    ordered = []
    for step in range(count):
        data = seats[(bottom + step) % count]
        player = names.get(data["seat"])
        ordered.append(
            Seat(
                seat=data["seat"],
                place=places[step],
                name=player.name if player else "",
                connected=player.connected if player else False,
                is_viewer=data["seat"] == viewer_seat,
                shows_backs=playing and data["cards"] is None,
                is_turn=data["seat"] == turn,
                is_dealer=data["is_dealer"],
                playing=data["in_hand"] and playing,
                sits_out=playing and not data["in_hand"] and not data["eliminated"],
                folded=data["folded"],
                all_in=playing and data["all_in"],
                no_chips=data["stack"] == 0 and not data["eliminated"],
                eliminated=data["eliminated"],
                stack=data["stack"],
                round_bet=data["round_bet"],
                card_count=data["card_count"],
                thrown=tuple(data["thrown"]),
                rebought=data["rebought"],
            )
        )
    return ordered


def _name(names: Mapping[int, PlayerInfo], seat: int) -> str:
    player = names.get(seat)
    return player.name if player else ""


def _face(text: str) -> CardFace:
    """A face-up card from the engine's JSON form, e.g. ``"7O#12"``."""
    notation = text.partition("#")[0]
    rank, suit = notation[:-1], notation[-1]
    return CardFace(
        text,
        rank,
        suit,
        format_lazy(pgettext_lazy("golfo", "{rank} of {suit}"), rank=rank, suit=SUIT_NAMES[suit]),
    )


def _controls(legal: list[dict[str, Any]], own: dict[str, Any] | None) -> Controls:
    moves = {move["kind"]: move for move in legal}
    call = moves.get("call")
    return Controls(
        can_pass="pass" in moves,
        bet=_amount(moves.get("bet")),
        call=call["amount"] if call else None,
        call_is_resto=bool(call and own and call["amount"] >= own["stack"]),
        raise_=_amount(moves.get("raise")),
        can_fold="fold" in moves,
        discard="discard" in moves,
        rebuy=_amount(moves.get("rebuy")),
    )


def _amount(move: dict[str, Any] | None) -> Amount | None:
    return Amount(move["min"], move["max"]) if move else None


def _result(
    result: dict[str, Any] | None, names: Mapping[int, PlayerInfo]
) -> dict[str, Any] | None:
    if result is None:
        return None
    winners = {seat for pot in result["pots"] for seat in pot["winners"]}
    return {
        "fold_out": result["ending"] == "fold_out",
        "tied": result["tied"],
        "pots": [
            Pot(
                pot["amount"],
                index > 0,
                tuple(_name(names, seat) for seat in pot["eligible"]),
                tuple(
                    (_name(names, seat), share)
                    for seat, share in zip(pot["winners"], pot["shares"], strict=True)
                ),
            )
            for index, pot in enumerate(result["pots"])
        ],
        "shown": [
            Shown(
                _name(names, hand["seat"]),
                tuple(_face(card) for card in hand["cards"]),
                hand["value"],
                hand["seat"] in winners,
            )
            for hand in result["shown"]
        ],
    }


def move_from_fields(fields: Mapping[str, object]) -> Action:
    """A move form's fields (the envelope already taken off) → a Golfo action.

    ``move`` names the kind (the engine's JSON kinds); ``amount`` is a positive whole number in
    decimal digits; ``cards`` (discard only) is absent, one card id or a list of them, as the
    htmx ws extension sends checkboxes. Anything else raises ``InvalidAction``.
    """
    if not isinstance(fields, Mapping):
        raise InvalidAction(detail="not a form")
    kind = fields.get("move")
    if not isinstance(kind, str) or kind not in MOVE_FIELDS:
        raise InvalidAction(detail=f"unknown move {kind!r}")
    required = MOVE_FIELDS[kind]
    allowed = {"move"} | required | OPTIONAL_FIELDS.get(kind, frozenset())
    if not required <= set(fields) or not set(fields) <= allowed:
        raise InvalidAction(detail=f"fields {sorted(map(str, fields))} for {kind}")
    data: dict[str, object] = {"kind": kind}
    if "amount" in required:
        data["amount"] = _amount_from(fields["amount"])
    if kind == "discard":
        data["cards"] = _cards_from(fields.get("cards", []))
    return engine.action_from_json(data)


def _amount_from(value: object) -> int:
    if not isinstance(value, str) or not AMOUNT_TEXT.fullmatch(value):
        raise InvalidAction(detail=f"amount {value!r}")
    amount = int(value)
    if not 0 < amount <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {value!r}")
    return amount


def _cards_from(value: object) -> list[str]:
    cards = [value] if isinstance(value, str) else value
    if not isinstance(cards, list) or len(cards) > HAND_SIZE:
        raise InvalidAction(detail="at most five cards")
    if not all(isinstance(card, str) and CARD_TEXT.fullmatch(card) for card in cards):
        raise InvalidAction(detail=f"cards {cards!r}")
    return cards
