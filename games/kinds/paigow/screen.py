"""The Pai Gow Poker screen: what one viewer sees of a house table, and the moves its forms send.

``parts`` turns the engine's ``view`` for one viewer (and the table's facts) into the screen's
parts, each a partial rendered on its own from plain data that holds only what it shows. The
engine's chips are a running count only (the adapter's options make them huge): every amount of
chips a player has comes from his wallet (``TableFacts.balances``), never from the view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext, pgettext_lazy

from games.card_names import card_name
from games.engine import paigow as engine
from games.engine.cards import ACE, JACK, KING, QUEEN, parse_card
from games.engine.errors import InvalidAction
from games.engine.paigow.actions import MAX_AMOUNT, Action
from games.engine.paigow.errors import TwoCardsLow
from games.engine.paigow.hands import HAND_SIZE
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts, built_alone, player_badges

BANK = "paigow-bank"
SEATS = "paigow-seats"
HAND = "paigow-hand"
CONTROLS = "paigow-controls"
RESULTS = "paigow-results"
TEMPLATES: dict[str, str] = {
    BANK: "tables/paigow/_bank.html",
    HAND: "tables/paigow/_hand.html",
    CONTROLS: "tables/paigow/_controls.html",
    RESULTS: "tables/paigow/_results.html",
    SEATS: "tables/paigow/_seats.html",
}
"""Each part's id and template, in page order. Every part is always there: the results are
rendered ``hidden`` until a coup is settled, so the set of ids never changes. The player's cards
and moves come right under the bank, the seats last, so that his move is in the window."""

BETTING, SETTING, COUP_OVER = "betting", "setting", "coup_over"

CATEGORY_NAMES: dict[str, Promise] = {
    "high_card": pgettext_lazy("paigow", "High card"),
    "pair": pgettext_lazy("paigow", "Pair"),
    "two_pair": pgettext_lazy("paigow", "Two pair"),
    "three_of_a_kind": pgettext_lazy("paigow", "Three of a kind"),
    "straight": pgettext_lazy("paigow", "Straight"),
    "flush": pgettext_lazy("paigow", "Flush"),
    "full_house": pgettext_lazy("paigow", "Full house"),
    "four_of_a_kind": pgettext_lazy("paigow", "Four of a kind"),
    "straight_flush": pgettext_lazy("paigow", "Straight flush"),
    "five_aces": pgettext_lazy("paigow", "Five aces"),
}
"""The 5-card hand's category (``view[...]["category"]``) as a player reads it."""

MOVE_FIELDS: dict[str, frozenset[str]] = {
    "bet": frozenset({"amount"}),
    "sit_out": frozenset(),
    "split": frozenset(),
    "house_way": frozenset(),
}
"""Each move's required fields besides ``move``. A split adds ``low``: the cards picked for the
2-card hand (checkboxes: absent, one card id or a list of them). ``close_bets`` and ``next_hand``
are the dealer's, never a browser's."""
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {"split": frozenset({"low"})}
AMOUNT_TEXT = re.compile(r"[0-9]{1,13}")
CARD_TEXT = re.compile(r"(?:(?:[2-9]|10|[AJQK])[OCEB]|\*)#[0-9]{1,2}")

Names = Mapping[int, PlayerInfo]


# --- the parts ---------------------------------------------------------------------------------


def parts(
    view: dict[str, Any],
    *,
    players: Sequence[PlayerInfo],
    viewer_seat: int | None,
    facts: TableFacts,
    shared: Shared = built_alone,
) -> dict[str, Part]:
    """The screen's parts for one viewer, by element id in page order, from the engine's
    ``view(state, viewer)`` and the table's ``facts`` only; the bank is the same for every
    viewer, and comes from ``shared``."""
    names = {player.seat: player for player in players}
    return {
        BANK: shared(BANK, lambda: Part(TEMPLATES[BANK], bank_part(view, facts))),
        HAND: Part(TEMPLATES[HAND], hand_part(view, facts)),
        CONTROLS: Part(TEMPLATES[CONTROLS], controls_part(view, facts)),
        RESULTS: Part(TEMPLATES[RESULTS], results_part(view, names, facts)),
        SEATS: Part(TEMPLATES[SEATS], seats_part(view, names, viewer_seat, facts)),
    }


def bank_part(view: dict[str, Any], facts: TableFacts) -> dict[str, Any]:
    """The coup, the limits, the window's countdown and the bank's seven cards: face down until
    the coup is settled, then its two hands. The same for every viewer."""
    bank = view["bank"]
    phase = view["phase"]
    shown = bank["high"] is not None and bank["card_count"] > 0
    options = view["options"]
    return {
        "coup_no": view["coup_no"],
        "phase": phase,
        "closes_at": facts.closes_at if phase in (BETTING, SETTING) else None,
        "min_bet": options["min_bet"],
        "max_bet": options["max_bet"],
        "commission": options["commission"],
        "backs": [] if shown else list(range(bank["card_count"])),
        "high": [_face(card) for card in bank["high"]] if shown else [],
        "low": [_face(card) for card in bank["low"]] if shown else [],
        "category": _category(bank["category"]),
    }


def seats_part(
    view: dict[str, Any], names: Names, viewer_seat: int | None, facts: TableFacts
) -> dict[str, Any]:
    """Every seat of the table in order: who sits there, his wallet's chips, his bet and his
    cards as the viewer may see them; the seat of the last move is marked."""
    last_seat = facts.last_move.get("seat")
    return {
        "seats": [
            _seat(data, number, names.get(number), viewer_seat, view["phase"], facts)
            | {"last_mover": number == last_seat}
            for number, data in enumerate(view["seats"])
        ]
    }


def hand_part(view: dict[str, Any], facts: TableFacts) -> dict[str, Any]:
    """The viewer's seven cards; while he owes his split, each a checkbox for the 2-card hand,
    with the house way's suggestion; once set, his two hands. A spectator is told he watches."""
    me = view["viewer"]
    if me is None:
        return {"is_player": False, "viewer_role": facts.viewer_role}
    own = view["seats"][me]
    suggestion = set(own["house_way"] or ())
    cards = own["cards"] or []
    return {
        "is_player": True,
        "phase": view["phase"],
        "bet": own["bet"],
        "splitting": "split" in engine.move_kinds(view),
        "table_id": facts.table_id,
        "cards": [_own_card(card) | {"suggested": card in suggestion} for card in cards],
        "house_way": [_face(card) for card in own["house_way"] or ()],
        "high": [_face(card) for card in own["high"] or ()],
        "low": [_face(card) for card in own["low"] or ()],
        "category": _category(own["category"]),
    }


def controls_part(view: dict[str, Any], facts: TableFacts) -> dict[str, Any]:
    """The viewer's bet while bets are open: an amount between the table's limits, no more than
    his wallet holds (when the table tells it), or sitting the coup out. Nothing for a
    spectator."""
    me = view["viewer"]
    moves = {move["kind"]: move for move in view["legal"]}
    balance = facts.balances.get(me) if me is not None else None
    bet = moves.get("bet")
    amount = None
    if bet is not None:
        top = bet["maximum"]
        if balance is not None:
            top = min(top, balance - balance % bet["step"])
        if top >= bet["minimum"]:
            amount = {"min": bet["minimum"], "max": top, "step": bet["step"]}
    return {
        "table_id": facts.table_id,
        "is_player": me is not None,
        "phase": view["phase"],
        "betting": "sit_out" in moves,
        "amount": amount,
        "balance": balance,
        "own_bet": view["seats"][me]["bet"] if me is not None else 0,
    }


def results_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """A settled coup: each bet's result (won, less the commission; push; lost) against the
    bank's hands, then the countdown to the next coup. Hidden while a coup is played."""
    if view["phase"] != COUP_OVER:
        return {"shown": False}
    rows = [
        {
            "name": _name(names.get(number)),
            "is_viewer": number == view["viewer"],
            "bet": data["bet"],
            "outcome": data["outcome"],
            "net": data["net"],
            "won": data["net"] + data["commission"],
            "commission": data["commission"],
        }
        for number, data in enumerate(view["seats"])
        if data["bet"] and data["outcome"] is not None
    ]
    return {
        "shown": True,
        "rows": rows,
        "next_hand_at": facts.next_hand_at,
        "table_id": facts.table_id,
        "replay_hand": facts.last_hand,
    }


# --- the pieces --------------------------------------------------------------------------------


def _seat(
    data: dict[str, Any],
    number: int,
    player: PlayerInfo | None,
    viewer_seat: int | None,
    phase: str,
    facts: TableFacts,
) -> dict[str, Any]:
    shown = data["high"] is not None
    hidden = data["cards"] is None
    hidden_set = data["has_set"] and hidden
    return {
        "seat": number,
        "name": _name(player),
        "occupied": player is not None,
        "connected": player.connected if player else False,
        "badges": player_badges(player),
        "is_viewer": number == viewer_seat,
        "balance": facts.balances.get(number),
        "bet": data["bet"],
        "status": _status(data, phase),
        "backs": list(range(data["card_count"])) if hidden and not hidden_set else [],
        "high_backs": list(range(5)) if hidden_set else [],
        "low_backs": list(range(2)) if hidden_set else [],
        "high": [_face(card) for card in data["high"]] if shown else [],
        "low": [_face(card) for card in data["low"]] if shown else [],
        "category": _category(data["category"]),
        "outcome": data["outcome"] or "",
    }


def _status(data: dict[str, Any], phase: str) -> str:
    """What a seat is doing: ``deciding`` or ``bet`` while bets are open, ``setting`` or ``set``
    once dealt, ``settled`` once the bank has shown, ``out`` when it has no bet in the coup."""
    if phase == BETTING:
        return "bet" if data["bet"] else "out" if data["decided"] else "deciding"
    if not data["bet"]:
        return "out"
    if phase != SETTING:
        return "settled"
    return "set" if data["has_set"] else "setting"


def _name(player: PlayerInfo | None) -> str:
    return player.name if player else ""


def _category(key: str | None) -> str:
    return str(CATEGORY_NAMES[key]) if key else ""


def _face(text: str) -> dict[str, Any]:
    """A face-up card (``_card.html``) from its JSON form, without its id."""
    return dict(_face_in(text.partition("#")[0], get_language()))


def face_up_card(text: str) -> dict[str, Any]:
    """A face-up card for pages other than the table's (the rules page's examples)."""
    return _face(text)


def _own_card(text: str) -> dict[str, Any]:
    """A card of the viewer's seven: its face and its id, the value of its checkbox."""
    return _face(text) | {"id": text}


@lru_cache(maxsize=256)
def _face_in(notation: str, language: str | None) -> tuple[tuple[str, Any], ...]:
    """Made once per card and language (``language`` is the active one)."""
    card = parse_card(notation)
    return (
        ("joker", card.is_joker),
        ("suit", "" if card.suit is None else card.suit.value),
        ("rank", "" if card.is_joker else _rank_index(card.rank)),
        ("name", card_name(notation)),
    )


def _rank_index(rank: int) -> str:
    """The short rank in a card's corner, as the other games print it."""
    named = {
        ACE: pgettext("card corner", "A"),
        JACK: pgettext("card corner", "J"),
        QUEEN: pgettext("card corner", "Q"),
        KING: pgettext("card corner", "K"),
    }
    return named.get(rank, str(rank))


# --- the forms ---------------------------------------------------------------------------------


def move_from_fields(fields: Mapping[str, object]) -> Action:
    """A move form's fields (the envelope already taken off) → a Pai Gow Poker action.

    ``move`` names the kind (the engine's JSON kinds); ``amount`` is a positive whole number in
    decimal digits; ``low`` (split only) the card ids picked for the 2-card hand. Anything else
    raises ``InvalidAction``; a split that does not pick exactly two cards is refused with the
    engine's own words ("Choose two different cards...")."""
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
    if kind == "bet":
        data["amount"] = _amount_from(fields["amount"])
    if kind == "split":
        data["low"] = _low_from(fields.get("low", []))
    return engine.action_from_json(data)


def _amount_from(value: object) -> int:
    if not isinstance(value, str) or not AMOUNT_TEXT.fullmatch(value):
        raise InvalidAction(detail=f"amount {value!r}")
    amount = int(value)
    if not 0 < amount <= MAX_AMOUNT:
        raise InvalidAction(detail=f"amount {value!r}")
    return amount


def _low_from(value: object) -> list[str]:
    cards = [value] if isinstance(value, str) else value
    if not isinstance(cards, list) or len(cards) > HAND_SIZE:
        raise InvalidAction(detail="at most seven cards")
    if not all(isinstance(card, str) and CARD_TEXT.fullmatch(card) for card in cards):
        raise InvalidAction(detail=f"cards {cards!r}")
    if len(cards) != 2 or len(set(cards)) != 2:
        raise TwoCardsLow()
    return cards


BOARD = (BANK, SEATS, HAND, RESULTS)
"""The parts a replay step shows, in page order."""


def board(view: dict[str, Any], *, players: Sequence[PlayerInfo], facts: TableFacts) -> list[Part]:
    """A replay step's board: the view is given no legal moves, so that no part offers a form."""
    quiet = {**view, "legal": []}
    shown = parts(quiet, players=players, viewer_seat=view["viewer"], facts=facts)
    return [shown[part_id] for part_id in BOARD]
