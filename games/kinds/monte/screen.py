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

from django.utils.translation import pgettext_lazy

from games.card_names import card_name
from games.engine import monte as engine
from games.engine.errors import InvalidAction
from games.engine.monte.actions import MAX_AMOUNT, Action
from games.kinds.monte.bet_names import (
    BET_NAMES,
    RELATION_NAMES,
    bet_name,
    position_name,
)
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts, built_alone, player_badges

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
    """What one player has on a spot of the cloth: whose (his seat, for its colour) and how
    much."""

    seat: int
    name: str
    amount: int
    mine: bool


class Spot(TypedDict):
    """One bet's place on the cloth (``_spot.html``): on a card for its single bets, between two
    cards for Cartas card against card, beside the grid for two against two. ``label`` and
    ``arrow`` are what the cloth prints (the arrow points at the cards backed), ``name`` the
    bet in words. ``open``: the viewer may stake on it now, a form; then ``pays`` and the limits
    are the engine's (``None`` and 0 for a viewer with no moves). ``mine``: what he has on it;
    ``full``: he has its maximum."""

    id: str
    bet: str
    cards: str
    against: str
    label: str
    arrow: str
    name: str
    pays: int | None
    minimum: int
    maximum: int
    mine: int
    open: bool
    full: bool
    chips: list[Chip]


class Cell(TypedDict):
    """One place of the 2x2 grid, with the spots of the bets on its card."""

    position: int
    label: str
    card: Face | None
    stacked: list[Face]
    live: bool
    won: bool
    face_down: bool
    spots: list[Spot]


class Link(TypedDict):
    """The Cartas spots between two neighbouring cards: ``side`` is where they lie on the grid
    (``top``: between the first and second cards, ``left``: the first and third, ...)."""

    side: str
    spots: list[Spot]


class Limit(TypedDict):
    """A line of the pays and limits legend: one kind of bet open now."""

    name: str
    pays: int
    minimum: int
    maximum: int


SpotKey = tuple[str, tuple[int, ...], tuple[int, ...]]

LINK_SIDES = {(0, 1): "top", (0, 2): "left", (1, 3): "right", (2, 3): "bottom"}
"""Where the Cartas spots of two neighbouring cards lie."""
PAIR_ARROWS = {(0, 1): "▲", (2, 3): "▼", (0, 2): "◀", (1, 3): "▶", (0, 3): "╲", (1, 2): "╱"}
"""The arrow a Cartas spot two against two shows, by the cards it backs, in the cloth's order."""
PAIR_LABELS = {
    (0, 1): pgettext_lazy("monte", "top row"),
    (2, 3): pgettext_lazy("monte", "bottom row"),
    (0, 2): pgettext_lazy("monte", "left column"),
    (1, 3): pgettext_lazy("monte", "right column"),
    (0, 3): pgettext_lazy("monte", "1st and 4th"),
    (1, 2): pgettext_lazy("monte", "2nd and 3rd"),
}
"""What a Cartas spot two against two prints: the two cards it backs, in short."""
CHIP_STEPS = (1, 5, 10, 50, 100)
"""The chip values offered, in minimum stakes."""


def parts(
    view: dict[str, Any],
    *,
    players: Sequence[PlayerInfo],
    viewer_seat: int | None,
    facts: TableFacts,
    shared: Shared = built_alone,
) -> dict[str, Part]:
    """The screen's parts for one viewer, by element id in page order. The layout and the
    result are the same for every viewer but for his own chips being marked and, on the cloth,
    the spots he may bet on, and the seats mark his own: none comes from ``shared``."""
    names = {player.seat: player for player in players}
    contexts = {
        LAYOUT: layout_part(view, names, facts),
        SEATS: seats_part(view, names, facts),
        RESULT: result_part(view, names, facts),
        CONTROLS: controls_part(view, facts),
    }
    return {part_id: Part(TEMPLATES[part_id], context) for part_id, context in contexts.items()}


def layout_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """The cloth: the grid with its stacked cards, each bet's spot with the chips on it (a form
    for the viewer while he may stake on it), the burnt cards, the cards drawn and the matches,
    the phase and its countdown ("No va más" in N s while bets are open, the next coup after a
    settled one). The same for every viewer but for his own chips and the spots he may use."""
    phase = view["phase"]
    grid = view["grid"]
    won = {match["position"] for match in view["matches"]}
    spots = _spots(view, names)
    singles = [spot for key, spot in spots.items() if key[0] != "cartas"]
    matched = {match["card"] for match in view["matches"]}
    return {
        "coup_no": view["coup_no"],
        "phase": phase,
        "phase_name": str(PHASE_NAMES[phase]),
        "betting": phase in BETTING,
        "closes_at": facts.closes_at if phase in BETTING else None,
        "next_coup_at": None if phase in BETTING else facts.next_hand_at,
        "table_id": facts.table_id if any(spot["open"] for spot in spots.values()) else None,
        "cells": [
            Cell(
                position=position,
                label=position_name(position),
                card=_face(grid[position]) if grid else None,
                stacked=[_face(card) for card in view["stacks"][position]] if grid else [],
                live=position in view["live"],
                won=position in won,
                face_down=position in view["face_down"],
                spots=[spot for spot in singles if spot["cards"] == str(position)],
            )
            for position in POSITIONS
        ],
        "links": [
            Link(
                side=side,
                spots=[spot for key, spot in spots.items() if _link_side(key) == side],
            )
            for side in LINK_SIDES.values()
        ],
        "pairs": [spot for key, spot in spots.items() if len(key[1]) == 2],
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
    """The viewer's stake while bets are open: the chips he puts on the spot he taps on the
    cloth (a few chip values and a number field within the table's limits), his "done", and a
    legend of what each open bet pays and its limits. A spectator, or anyone between coups,
    has none."""
    legal = view["legal"]
    me = view["viewer"]
    limits: dict[str, Limit] = {}
    for move in legal:
        if move["kind"] == "bet":
            limits.setdefault(
                move["bet"],
                Limit(
                    name=BET_NAMES[move["bet"]],
                    pays=move["pays"],
                    minimum=move["minimum"],
                    maximum=move["maximum"],
                ),
            )
    minimum = min((limit["minimum"] for limit in limits.values()), default=0)
    maximum = max((limit["maximum"] for limit in limits.values()), default=0)
    return {
        "table_id": facts.table_id,
        "is_player": me is not None,
        "open": any(move["kind"] == "done" for move in legal),
        "is_done": me is not None and view["phase"] in BETTING and view["done"][me],
        "minimum": minimum,
        "maximum": maximum,
        "chip_values": [minimum * step for step in CHIP_STEPS if minimum * step <= maximum],
        "limits": [limits[kind] for kind in BET_NAMES if kind in limits],
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


def _spots(view: dict[str, Any], names: Names) -> dict[SpotKey, Spot]:
    """Every spot the cloth shows, in the cloth's order: each bet open to the viewer, and each
    one somebody has chips on."""
    legal = {
        (move["bet"], tuple(move["cards"]), tuple(move["against"])): move
        for move in view["legal"]
        if move["kind"] == "bet"
    }
    placed: dict[SpotKey, dict[int, int]] = {}
    for bet in view["bets"]:
        seats = placed.setdefault((bet["bet"], tuple(bet["cards"]), tuple(bet["against"])), {})
        seats[bet["seat"]] = seats.get(bet["seat"], 0) + bet["amount"]
    keys = sorted(legal.keys() | placed.keys(), key=_cloth_order)
    return {
        key: _spot(key, legal.get(key), placed.get(key, {}), names, view["viewer"]) for key in keys
    }


def _cloth_order(key: SpotKey) -> tuple[int, int, int]:
    """Single bets by card and the cloth's order of the bets; Cartas by the cards they back."""
    kind, cards, _against = key
    if len(cards) == 2:
        return (2, list(PAIR_ARROWS).index(cards), 0)
    if kind == "cartas":
        return (1, cards[0], 0)
    return (0, cards[0], list(BET_NAMES).index(kind))


def _link_side(key: SpotKey) -> str | None:
    """Where a Cartas spot card against card lies: between its two cards."""
    kind, cards, against = key
    if kind != "cartas" or len(cards) != 1:
        return None
    return LINK_SIDES[(min(cards[0], against[0]), max(cards[0], against[0]))]


def _arrow(key: SpotKey) -> str:
    """The arrow printed on a Cartas spot, pointing at the cards it backs."""
    kind, cards, against = key
    if kind != "cartas":
        return ""
    if len(cards) == 2:
        return PAIR_ARROWS[cards]
    backed, other = cards[0], against[0]
    if backed // 2 == other // 2:
        return "◀" if backed < other else "▶"
    return "▲" if backed < other else "▼"


def _spot(
    key: SpotKey,
    move: dict[str, Any] | None,
    placed: Mapping[int, int],
    names: Names,
    viewer: int | None,
) -> Spot:
    kind, cards, against = key
    cards_text, against_text = _positions_text(cards), _positions_text(against)
    mine = placed.get(viewer, 0) if viewer is not None else 0
    maximum = move["maximum"] if move else 0
    return Spot(
        id="-".join(filter(None, ("monte-bet", kind, cards_text, against_text))).replace(",", ""),
        bet=kind,
        cards=cards_text,
        against=against_text,
        label=str(PAIR_LABELS[cards]) if len(cards) == 2 else BET_NAMES[kind],
        arrow=_arrow(key),
        name=bet_name(kind, cards, against),
        pays=move["pays"] if move else None,
        minimum=move["minimum"] if move else 0,
        maximum=maximum,
        mine=mine,
        open=move is not None and mine < maximum,
        full=move is not None and mine >= maximum,
        chips=[
            Chip(seat=seat, name=_name(names, seat), amount=amount, mine=seat == viewer)
            for seat, amount in sorted(placed.items())
        ],
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
