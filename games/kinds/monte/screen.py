"""The Monte screen: what one viewer sees of a Monte table, and the moves its forms send.

``parts`` turns the engine's ``view`` for one viewer (and the table's facts) into the screen's
four parts, each a partial rendered on its own from plain data; ``move_from_fields`` turns a
browser form into an engine action. The contract with the table plumbing is
docs/game-screens.md. The chips a seat shows are always his wallet's (``facts.balances``): the
engine's own chips are only a running count (``games.kinds.monte.options``)."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from django.utils.translation import pgettext, pgettext_lazy

from games.card_names import card_name
from games.engine import monte as engine
from games.engine.errors import InvalidAction
from games.engine.monte.actions import MAX_AMOUNT, Action
from games.kinds.monte.bet_names import BET_NAMES, RELATION_NAMES, bet_name, position_name
from games.kinds.screens import Part, PlayerInfo, TableFacts, player_badges

LAYOUT = "monte-layout"
SEATS = "monte-seats"
RESULT = "monte-result"
CONTROLS = "monte-controls"
TEMPLATES: dict[str, str] = {
    LAYOUT: "tables/monte/_layout.html",
    SEATS: "tables/monte/_seats.html",
    RESULT: "tables/monte/_result.html",
    CONTROLS: "tables/monte/_controls.html",
}
"""Each part's id and template, in page order. Every part is always there: the result is
rendered ``hidden`` while nothing is settled, so the set of ids never changes."""

PHASE_NAMES = {
    "primeras": "Primeras",
    "segundas": "Segundas",
    "over": pgettext_lazy("monte", "Coup settled"),
    "void": pgettext_lazy("monte", "Void coup: four cards of a rank came out"),
}
BETTING = frozenset({"primeras", "segundas"})

POSITIONS = range(4)
AMOUNT_TEXT = re.compile(r"[0-9]{1,13}")
POSITIONS_TEXT = re.compile(r"[0-3](,[0-3])?")
MOVE_FIELDS: dict[str, frozenset[str]] = {
    "bet": frozenset({"bet", "cards", "against", "amount"}),
    "done": frozenset(),
}
"""Each move's fields besides ``move``. "No va más" and the next coup are the dealer's moves,
played by the table, never a browser's."""

Names = Mapping[int, PlayerInfo]


class Face(TypedDict):
    """A card face up (``_card.html``): rank, suit letter and its name in words."""

    rank: str
    suit: str
    name: str


class Chip(TypedDict):
    """A bet on the cloth: whose (his seat, for its colour), which, how much."""

    seat: int
    name: str
    bet: str
    title: str
    amount: int
    mine: bool


class Cell(TypedDict):
    """One place of the 2x2 grid."""

    position: int
    label: str
    card: Face | None
    stacked: list[Face]
    live: bool
    won: bool
    face_down: bool
    chips: list[Chip]


class BetForm(TypedDict):
    """One open bet the viewer may stake on: its fields, words, odds and limits (``min`` and
    ``max`` for this stake, after what he already has on it; ``value``: the amount offered, the
    minimum stake where it fits)."""

    id: str
    bet: str
    cards: str
    against: str
    name: str
    pays: int
    minimum: int
    maximum: int
    staked: int
    min: int
    max: int
    value: int


def parts(
    view: dict[str, Any],
    *,
    players: Sequence[PlayerInfo],
    viewer_seat: int | None,
    facts: TableFacts,
) -> dict[str, Part]:
    """The screen's parts for one viewer, by element id in page order. The layout and the
    result are the same for every viewer but for his own chips being marked."""
    names = {player.seat: player for player in players}
    contexts = {
        LAYOUT: layout_part(view, names, facts),
        SEATS: seats_part(view, names, facts),
        RESULT: result_part(view, names, facts),
        CONTROLS: controls_part(view, facts),
    }
    return {part_id: Part(TEMPLATES[part_id], context) for part_id, context in contexts.items()}


def layout_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """The cloth: the grid with its stacked cards and every bet on it, the burnt cards, the
    cards drawn and the matches, the phase and its countdown ("No va más" in N s while bets are
    open, the next coup after a settled one)."""
    phase = view["phase"]
    grid = view["grid"]
    won = {match["position"] for match in view["matches"]}
    chips: dict[int, list[Chip]] = {position: [] for position in POSITIONS}
    pairs: list[Chip] = []
    for bet in view["bets"]:
        chip = _chip(bet, names, view["viewer"])
        (chips[bet["cards"][0]] if len(bet["cards"]) == 1 else pairs).append(chip)
    matched = {match["card"] for match in view["matches"]}
    return {
        "coup_no": view["coup_no"],
        "phase": phase,
        "phase_name": str(PHASE_NAMES[phase]),
        "betting": phase in BETTING,
        "closes_at": facts.closes_at if phase in BETTING else None,
        "next_coup_at": None if phase in BETTING else facts.next_hand_at,
        "cells": [
            Cell(
                position=position,
                label=position_name(position),
                card=_face(grid[position]) if grid else None,
                stacked=[_face(card) for card in view["stacks"][position]] if grid else [],
                live=position in view["live"],
                won=position in won,
                face_down=position in view["face_down"],
                chips=chips[position],
            )
            for position in POSITIONS
        ],
        "pairs": pairs,
        "burnt": [_face(card) for card in view["burnt"] or []],
        "laid": [_face(card) for card in view["laid"] or []],
        "drawn": [_face(card) | {"matched": card in matched} for card in view["drawn"]],
        "matches": [
            {
                "card": card_name(match["card"]),
                "relation": RELATION_NAMES[match["relation"]],
                "position": position_name(match["position"]),
                "first": match["first"],
            }
            for match in view["matches"]
        ],
    }


def seats_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """Every seat of the table: the player's name, badges and wallet chips (never the engine's
    count), what he has on the cloth, whether he bets no more, and his result in the coup."""
    staked = _sums(view["bets"], "amount")
    net = _net(view["settled"])
    betting = view["phase"] in BETTING
    return {
        "seats": [
            {
                "seat": seat,
                "name": player.name if player else "",
                "connected": player.connected if player else False,
                "badges": player_badges(player),
                "is_viewer": seat == view["viewer"],
                "balance": facts.balances.get(seat) if player else None,
                "on_cloth": staked.get(seat, 0),
                "done": betting and view["done"][seat],
                "net": net.get(seat),
                "lost": -net.get(seat, 0),
            }
            for seat in range(len(view["chips"]))
            for player in [names.get(seat)]
        ]
    }


def result_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """The coup's bets as they are settled: each bet's outcome and what came back, and what each
    player won or lost in all; nothing (a hidden part) before the first "no va más"."""
    settled = view["settled"]
    if not settled:
        return {"settled": False}
    net = _net(settled)
    return {
        "settled": True,
        "over": view["phase"] not in BETTING,
        "bets": [
            {
                "name": _name(names, bet["seat"]),
                "bet": bet_name(bet["bet"], bet["cards"], bet["against"]),
                "phase": "Primeras" if bet["primeras"] else "Segundas",
                "amount": bet["amount"],
                "outcome": bet["outcome"],
                "paid": bet["paid"],
                "levy": bet["levy"],
                "mine": bet["seat"] == view["viewer"],
            }
            for bet in settled
        ],
        "players": [
            {
                "name": _name(names, seat),
                "net": amount,
                "lost": -amount,
                "mine": seat == view["viewer"],
            }
            for seat, amount in sorted(net.items())
        ],
        "table_id": facts.table_id,
        "replay_hand": facts.last_hand,
    }


def controls_part(view: dict[str, Any], facts: TableFacts) -> dict[str, Any]:
    """The viewer's moves while bets are open: a form per open bet, grouped by the card it is
    on (Cartas apart), and his "done". A spectator, or anyone between coups, has none."""
    legal = view["legal"]
    me = view["viewer"]
    mine = [bet for bet in view["bets"] if bet["seat"] == me]
    forms = [_form(move, mine) for move in legal if move["kind"] == "bet"]
    grid = view["grid"]
    groups = [
        {
            "title": pgettext("monte", "%(position)s (%(card)s)")
            % {"position": position_name(position), "card": card_name(grid[position])},
            "forms": [f for f in forms if f["bet"] != "cartas" and f["cards"] == str(position)],
        }
        for position in view["live"]
    ]
    groups.append({"title": "Cartas", "forms": [form for form in forms if form["bet"] == "cartas"]})
    return {
        "table_id": facts.table_id,
        "is_player": me is not None,
        "open": any(move["kind"] == "done" for move in legal),
        "groups": [group for group in groups if group["forms"]],
        "is_done": me is not None and view["phase"] in BETTING and view["done"][me],
        "balance": facts.balances.get(me) if me is not None else None,
    }


# --- the pieces --------------------------------------------------------------------------------


def _face(text: str) -> Face:
    """A card face up from the engine's JSON form (``"AO"``, ``"7C#12"``)."""
    notation = text.partition("#")[0]
    return Face(rank=notation[:-1], suit=notation[-1], name=card_name(notation))


def face_up_card(text: str) -> Face:
    """A face-up card for pages other than the table's (the rules page's examples)."""
    return _face(text)


def _name(names: Names, seat: int) -> str:
    player = names.get(seat)
    return player.name if player else ""


def _chip(bet: dict[str, Any], names: Names, viewer: int | None) -> Chip:
    kind, cards, against = bet["bet"], bet["cards"], bet["against"]
    short = BET_NAMES[kind]
    if kind == "cartas" and len(cards) == 1:
        short = pgettext("monte", "Cartas against %(side)s") % {"side": position_name(against[0])}
    return Chip(
        seat=bet["seat"],
        name=_name(names, bet["seat"]),
        bet=short,
        title=bet_name(kind, cards, against),
        amount=bet["amount"],
        mine=bet["seat"] == viewer,
    )


def _sums(bets: Sequence[dict[str, Any]], key: str) -> dict[int, int]:
    sums: dict[int, int] = {}
    for bet in bets:
        sums[bet["seat"]] = sums.get(bet["seat"], 0) + bet[key]
    return sums


def _net(settled: Sequence[dict[str, Any]]) -> dict[int, int]:
    """What each player who bet won (or lost: below zero) on the bets settled so far."""
    paid, staked = _sums(settled, "paid"), _sums(settled, "amount")
    return {seat: paid[seat] - staked[seat] for seat in staked}


def _positions_text(cards: Sequence[int]) -> str:
    return ",".join(map(str, cards))


def _form(move: dict[str, Any], mine: Sequence[dict[str, Any]]) -> BetForm:
    spot = (move["bet"], move["cards"], move["against"])
    staked = sum(b["amount"] for b in mine if (b["bet"], b["cards"], b["against"]) == spot)
    cards, against = _positions_text(move["cards"]), _positions_text(move["against"])
    return BetForm(
        id="-".join(filter(None, ("monte-bet", move["bet"], cards, against))).replace(",", ""),
        bet=move["bet"],
        cards=cards,
        against=against,
        name=bet_name(*spot),
        pays=move["pays"],
        minimum=move["minimum"],
        maximum=move["maximum"],
        staked=staked,
        min=max(1, move["minimum"] - staked),
        max=move["maximum"] - staked,
        value=min(move["minimum"], move["maximum"] - staked),
    )


def move_from_fields(fields: Mapping[str, object]) -> Action:
    """A move form's fields (the envelope already taken off) → a Monte action.

    ``move`` is ``bet`` or ``done``. A bet names ``bet`` (an engine bet name), ``cards`` (one
    grid position 0-3, or two, comma-separated), ``against`` (the same, Cartas only, else
    empty) and ``amount`` (a positive whole number in decimal digits). Anything else, and any
    bet that cannot be on a Monte cloth, raises ``InvalidAction``; whether it is open now is
    the engine's to say."""
    if not isinstance(fields, Mapping):
        raise InvalidAction(detail="not a form")
    kind = fields.get("move")
    if not isinstance(kind, str) or kind not in MOVE_FIELDS:
        raise InvalidAction(detail=f"unknown move {kind!r}")
    if set(fields) != {"move"} | MOVE_FIELDS[kind]:
        raise InvalidAction(detail=f"fields {sorted(map(str, fields))} for {kind}")
    if kind == "done":
        return engine.action_from_json({"kind": "done"})
    bet = fields["bet"]
    if not isinstance(bet, str) or bet not in BET_NAMES:
        raise InvalidAction(detail=f"bet {bet!r}")
    cards = _positions_from(fields["cards"], allow_empty=False)
    against = _positions_from(fields["against"], allow_empty=True)
    if (bet == "cartas") != bool(against) or set(cards) & set(against):
        raise InvalidAction(detail=f"{bet} on {cards} against {against}")
    if len(cards) != (len(against) if against else 1):
        raise InvalidAction(detail=f"{bet} on {cards} against {against}")
    return engine.action_from_json(
        {
            "kind": "bet",
            "bet": bet,
            "cards": cards,
            "against": against,
            "amount": _amount_from(fields["amount"]),
        }
    )


def _positions_from(value: object, *, allow_empty: bool) -> list[int]:
    if allow_empty and value == "":
        return []
    if not isinstance(value, str) or not POSITIONS_TEXT.fullmatch(value):
        raise InvalidAction(detail=f"positions {value!r}")
    positions = [int(text) for text in value.split(",")]
    if len(set(positions)) != len(positions):
        raise InvalidAction(detail=f"positions {value!r}")
    return positions


def _amount_from(value: object) -> int:
    if not isinstance(value, str) or not AMOUNT_TEXT.fullmatch(value):
        raise InvalidAction(detail=f"amount {value!r}")
    amount = int(value)
    if not 0 < amount <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {value!r}")
    return amount


BOARD = (LAYOUT, SEATS, RESULT)
"""The parts a replay step shows, in page order."""


def board(view: dict[str, Any], *, players: Sequence[PlayerInfo], facts: TableFacts) -> list[Part]:
    """A replay step's board: the view is given no legal moves, so that no part offers a form."""
    shown = parts({**view, "legal": []}, players=players, viewer_seat=view["viewer"], facts=facts)
    return [shown[part_id] for part_id in BOARD]
