"""The three-bet stud screen: what one viewer sees of a house table, and the moves its forms send.

``parts`` turns the engine's ``view`` for one viewer and the table's facts into the screen's
four parts, each rendered on its own from plain data that holds only what it shows
(docs/game-screens.md).
The engine's chips at a house table are only a running count: the screen shows each player's
wallet (``TableFacts.balances``), never the view's chips, and the countdown to the close of the
open window (``TableFacts.closes_at``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from django.utils.translation import pgettext

from games.card_names import card_name
from games.engine import stud as engine
from games.engine.errors import InvalidAction
from games.engine.stud.actions import MAX_AMOUNT
from games.engine.stud.hands import PAYS
from games.engine.stud.options import BETS
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts, built_alone, player_badges

SEATS = "stud-seats"
COMMON = "stud-common"
PAY_TABLE = "stud-paytable"
CONTROLS = "stud-controls"
TEMPLATES: dict[str, str] = {
    SEATS: "tables/stud/_seats.html",
    COMMON: "tables/stud/_common.html",
    CONTROLS: "tables/stud/_controls.html",
    PAY_TABLE: "tables/stud/_paytable.html",
}
"""Each part's id and template, in page order; every part is always there. The player's moves
come right under the cards, the pay table below them, so that his move is in the window."""

BETTING = "betting"
HAND_OVER = "hand_over"
DECIDING = {"first": 1, "second": 2}
"""The bet each deciding phase is about."""

MOVE_FIELDS: dict[str, frozenset[str]] = {
    "bet": frozenset({"amount"}),
    "ride": frozenset(),
    "withdraw": frozenset(),
}
"""Each move a browser may send and its fields besides ``move``. The dealer's moves (the deal,
a common card shown, the next coup) are the table's, never a browser's."""
AMOUNT_TEXT = re.compile(r"[0-9]{1,13}", re.ASCII)

Names = Mapping[int, PlayerInfo]


class Face(TypedDict):
    """A card face up (``_card.html``): its rank, suit letter and name in words."""

    rank: str
    suit: str
    name: str


class BetBox(TypedDict):
    """One of a seat's three bets: ``state`` is ``in_play`` (not decided yet, or bet 3),
    ``rides`` (let ride) or ``withdrawn`` (back to the wallet)."""

    number: int
    state: str


class SeatResult(TypedDict):
    category: str
    won: bool
    net: int


class Seat(TypedDict):
    seat: int
    name: str
    connected: bool
    badges: dict[str, Any]
    is_viewer: bool
    balance: int | None
    bet: int
    bets: list[BetBox]
    cards: list[Face]
    backs: list[int]
    deciding: bool
    result: SeatResult | None
    last_move: str


class Line(TypedDict):
    """One line of the pay table; ``names``: who made it in the coup just paid."""

    category: str
    label: str
    pays: int
    names: list[str]


# --- the parts ---------------------------------------------------------------------------------


def parts(
    view: dict[str, Any],
    *,
    players: Sequence[PlayerInfo],
    viewer_seat: int | None,
    facts: TableFacts,
    shared: Shared = built_alone,
) -> dict[str, Part]:
    """The screen's parts for one viewer, by element id in page order; the common cards are the
    same for every viewer, and come from ``shared``."""
    names = {player.seat: player for player in players}
    return {
        SEATS: Part(TEMPLATES[SEATS], seats_part(view, names, facts)),
        COMMON: shared(COMMON, lambda: Part(TEMPLATES[COMMON], common_part(view))),
        CONTROLS: Part(TEMPLATES[CONTROLS], controls_part(view, names, facts)),
        PAY_TABLE: Part(TEMPLATES[PAY_TABLE], pay_table_part(view, names)),
    }


def seats_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """Every seat in table order: the player, his wallet, his three bets, his cards (face up
    only where the view shows them) and, once the coup is paid, his result."""
    last = facts.last_move
    return {
        "seats": [
            _seat(view, index, names, facts.balances, last) for index in range(len(view["seats"]))
        ],
    }


def common_part(view: dict[str, Any]) -> dict[str, Any]:
    """The two common cards, face down until turned up (or shown by mistake), the coup's number
    and phase, and a void coup said plainly. The same for every viewer."""
    return {
        "hand_no": view["hand_no"],
        "phase": _phase_name(view["phase"]),
        "cards": [
            {
                "face": None if card is None else _face(card),
                "by_mistake": position in view["exposed"],
            }
            for position, card in enumerate(view["common"])
        ],
        "dealt": bool(view["common"]),
        "voided": view["voided"],
    }


def pay_table_part(view: dict[str, Any], names: Names) -> dict[str, Any]:
    """The pay table, with the lines the coup just paid marked and who made them."""
    paid = view["phase"] == HAND_OVER and not view["voided"]
    made: dict[str, list[str]] = {}
    if paid:
        for index, seat in enumerate(view["seats"]):
            if seat["result"] is not None:
                made.setdefault(seat["result"]["category"], []).append(_name(names, index))
    table = view["options"]["pay_table"]
    return {
        "lines": [
            Line(
                category=str(category),
                label=category_name(str(category), table),
                pays=pays,
                names=made.get(str(category), []),
            )
            for category, pays in PAYS.items()
        ],
    }


def controls_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """The countdown to the close of the open window, then the viewer's moves (his bets, his
    withdrawal decisions), what became of his bets, and after the coup his result and the
    countdown to the next one. A spectator gets no form."""
    phase = view["phase"]
    playing = phase != HAND_OVER
    turn = view["turn"]
    context: dict[str, Any] = {
        "closes_at": facts.closes_at if playing else None,
        "window": "bets" if phase == BETTING else "decisions",
        "next_hand_at": None if playing else facts.next_hand_at,
        "is_player": view["viewer"] is not None,
    }
    me = view["viewer"]
    if me is None:
        return context
    own = view["seats"][me]
    legal = {move["kind"]: move for move in view["legal"]}
    context |= {
        "table_id": facts.table_id,
        "bet_form": _bet_form(legal.get("bet"), facts.balances.get(me)),
        "decide": DECIDING.get(phase) if "ride" in legal else None,
        "waiting_for": _name(names, turn) if turn is not None and turn != me else "",
        "bet": own["bet"],
        "total": own["bet"] * BETS,
        "in_hand": own["bet"] > 0,
        "betting": phase == BETTING,
        "withdrawn": [number for number, rides in enumerate(own["riding"], 1) if not rides],
        "sits_out": phase != BETTING and own["card_count"] == 0,
        "voided": view["voided"] and own["card_count"] > 0,
        "result": _own_result(own["result"]),
    }
    return context


# --- the pieces --------------------------------------------------------------------------------


def _own_result(result: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """What the coup paid the viewer (``won``) or took from him, in chips."""
    if result is None:
        return None
    return {"won": result["net"] > 0, "amount": abs(result["net"])}


def _bet_form(move: Mapping[str, Any] | None, balance: int | None) -> dict[str, Any] | None:
    """The bet form's limits for each of the three bets; the wallet caps the largest. ``short``:
    the wallet cannot pay three bets of the minimum."""
    if move is None:
        return None
    largest = move["max"] if balance is None else min(move["max"], balance // BETS)
    return {
        "min": move["min"],
        "max": largest,
        "short": largest < move["min"],
        "needed": move["min"] * BETS,
        "balance": balance,
    }


def _seat(
    view: dict[str, Any],
    index: int,
    names: Names,
    balances: Mapping[int, int],
    last: Mapping[str, Any],
) -> Seat:
    data = view["seats"][index]
    player = names.get(index)
    result = data["result"]
    cards = data["cards"]
    return Seat(
        seat=index,
        name=player.name if player else "",
        connected=player.connected if player else False,
        badges=player_badges(player),
        is_viewer=index == view["viewer"],
        balance=balances.get(index),
        bet=data["bet"],
        bets=_bets(data),
        cards=[_face(card) for card in cards] if cards is not None else [],
        backs=list(range(data["card_count"])) if cards is None else [],
        deciding=index == view["turn"],
        result=None
        if result is None
        else SeatResult(
            category=category_name(result["category"], view["options"]["pay_table"]),
            won=result["net"] > 0,
            net=abs(result["net"]),
        ),
        last_move=str(last.get("kind", "")) if last.get("seat") == index else "",
    )


def _bets(data: Mapping[str, Any]) -> list[BetBox]:
    """A seat's three bets while they are on the table; none when it sits the coup out (or
    when a void coup gave them back)."""
    if not data["bet"]:
        return []
    riding = list(data["riding"])
    return [
        BetBox(
            number=number,
            state=("rides" if riding[number - 1] else "withdrawn")
            if number <= len(riding)
            else "in_play",
        )
        for number in range(1, BETS + 1)
    ]


def _name(names: Names, seat: int) -> str:
    player = names.get(seat)
    return player.name if player else ""


def _face(text: str) -> Face:
    """A face-up card from the view's notation (``"10O"``)."""
    notation = text.partition("#")[0]
    return Face(rank=notation[:-1], suit=notation[-1], name=card_name(notation))


def face_up_card(text: str) -> Face:
    """A face-up card for pages other than the table's (the rules page's examples)."""
    return _face(text)


def _phase_name(phase: str) -> str:
    return {
        BETTING: pgettext("stud", "Place your bets"),
        "first": pgettext("stud", "Bet 1: withdraw it or let it ride"),
        "second": pgettext("stud", "Bet 2: withdraw it or let it ride"),
        HAND_OVER: pgettext("stud", "Hand over"),
    }[phase]


def category_name(category: str, pay_table: str) -> str:
    """A hand's category in words; the lowest paying pair depends on the table's pay table."""
    if category == "high_pair":
        if pay_table == str(engine.PayTable.JACKS):
            return pgettext("stud", "Pair of jacks or better")
        return pgettext("stud", "Pair of tens or better")
    return {
        "royal_flush": pgettext("stud", "Royal flush"),
        "straight_flush": pgettext("stud", "Straight flush"),
        "four_of_a_kind": pgettext("stud", "Four of a kind"),
        "full_house": pgettext("stud", "Full house"),
        "flush": pgettext("stud", "Flush"),
        "straight": pgettext("stud", "Straight"),
        "three_of_a_kind": pgettext("stud", "Three of a kind"),
        "two_pair": pgettext("stud", "Two pair"),
        "low_pair": pgettext("stud", "A lower pair"),
        "nothing": pgettext("stud", "No pair"),
    }[category]


# --- browser fields -> moves -------------------------------------------------------------------


def move_from_fields(fields: Mapping[str, object]) -> engine.Action:
    """A move form's fields (the envelope already taken off) -> a stud action: ``move`` is
    ``bet`` (with ``amount``, whole chips in decimal digits: each of the three bets), ``ride``
    or ``withdraw``. Anything else raises ``InvalidAction``."""
    if not isinstance(fields, Mapping):
        raise InvalidAction(detail="not a form")
    kind = fields.get("move")
    if not isinstance(kind, str) or kind not in MOVE_FIELDS:
        raise InvalidAction(detail=f"unknown move {kind!r}"[:200])
    if set(fields) != {"move"} | MOVE_FIELDS[kind]:
        raise InvalidAction(detail=f"fields {sorted(map(str, fields))} for {kind}"[:200])
    data: dict[str, object] = {"kind": kind}
    if kind == "bet":
        data["amount"] = _amount_from(fields["amount"])
    return engine.action_from_json(data)


def _amount_from(value: object) -> int:
    if not isinstance(value, str) or not AMOUNT_TEXT.fullmatch(value):
        raise InvalidAction(detail=f"amount {value!r}"[:200])
    amount = int(value)
    if not 0 < amount <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {value!r}")
    return amount


BOARD = (SEATS, COMMON, PAY_TABLE)
"""The parts a replay step shows, in page order."""


def board(view: dict[str, Any], *, players: Sequence[PlayerInfo], facts: TableFacts) -> list[Part]:
    """A replay step's board: the view is given no legal moves, so that no part offers a form."""
    quiet = {**view, "legal": []}
    shown = parts(quiet, players=players, viewer_seat=view["viewer"], facts=facts)
    return [shown[part_id] for part_id in BOARD]
