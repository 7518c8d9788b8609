"""The Golfo screen: what one viewer sees of a Golfo table, and the moves its forms send.

``parts`` turns the engine's ``view`` for one viewer (and the table's facts) into the screen's
five parts, each a partial rendered on its own from plain data that holds only what it shows;
``move_from_fields`` turns a browser form into an engine action. The contract with the table
plumbing is docs/game-screens.md; what each part holds, docs/golfo.md.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, TypedDict

from django.utils.functional import Promise
from django.utils.translation import get_language, pgettext, pgettext_lazy

from games.engine import golfo as engine
from games.engine.errors import InvalidAction
from games.engine.golfo.actions import MAX_AMOUNT, Action
from games.engine.golfo.hands import HAND_SIZE
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts, built_alone, player_badges

SEATS = "golfo-seats"
POTS = "golfo-pots"
SHOWDOWN = "golfo-showdown"
HAND = "golfo-hand"
CONTROLS = "golfo-controls"
TEMPLATES: dict[str, str] = {
    SEATS: "tables/golfo/_seats.html",
    POTS: "tables/golfo/_pots.html",
    SHOWDOWN: "tables/golfo/_showdown.html",
    HAND: "tables/golfo/_hand.html",
    CONTROLS: "tables/golfo/_controls.html",
}
"""Each part's id and template, in page order. Every part is always there: the showdown is
rendered ``hidden`` while there is none, so the set of ids never changes during a match."""

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

Names = Mapping[int, PlayerInfo]


# --- what the parts hold: plain data (the partials read these keys) ------------------------------


class Face(TypedDict):
    """A card shown face up (``_card.html``): rank, suit letter and its name in words."""

    rank: str
    suit: str
    name: str


class OwnCard(Face):
    """A card of the viewer's hand: also its id (the engine's ``7O#12``), for the descarte."""

    id: str
    drawn: bool


class Seat(TypedDict):
    """One seat around the table (``_seat.html``), the same for every viewer. ``backs`` has one
    item per card he holds face down during a hand, for the template to draw (the style sheet
    hides them on the viewer's own seat, whose cards his hand shows)."""

    seat: int
    name: str
    connected: bool
    badges: dict[str, Any]
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
    backs: list[int]
    thrown: list[int]
    rebought: int


class Pot(TypedDict):
    amount: int
    side: bool
    eligible: list[str]


class Winner(TypedDict):
    name: str
    share: int


class PotResult(TypedDict):
    amount: int
    side: bool
    winners: list[Winner]


class Shown(TypedDict):
    name: str
    cards: list[Face]
    value: int
    won: bool


class Result(TypedDict):
    fold_out: bool
    tied: bool
    pots: list[PotResult]
    shown: list[Shown]


class Amount(TypedDict):
    """The limits of a move with an amount; ``only_resto`` when the minimum is all he has."""

    min: int
    max: int
    only_resto: bool


class Moves(TypedDict):
    """The moves open to the viewer now, from ``view["legal"]``; ``betting`` when some envite
    move is among them."""

    betting: bool
    can_pass: bool
    bet: Amount | None
    call: int | None
    call_is_resto: bool
    raise_: Amount | None
    can_fold: bool
    discard: bool
    rebuy: Amount | None


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
    ``view(state, viewer)`` and the table's ``facts`` only. Only the hand (which also says the
    viewer's seat) and the controls depend on who looks; the seats, the pots and the showdown
    are the same for every viewer of the table, and come from ``shared``, as do the controls of
    those who only wait or watch; the hand lasts while it is the same (``Shared.lasting``)."""
    names = {player.seat: player for player in players}
    last = facts.last_move
    return {
        SEATS: shared(SEATS, lambda: Part(TEMPLATES[SEATS], seats_part(view, names, last))),
        POTS: shared(POTS, lambda: Part(TEMPLATES[POTS], pots_part(view, names, last))),
        SHOWDOWN: shared(
            SHOWDOWN, lambda: Part(TEMPLATES[SHOWDOWN], showdown_part(view, names, facts))
        ),
        HAND: hand_part(view, facts, shared),
        CONTROLS: controls_part(view, names, facts, shared),
    }


def seats_part(view: dict[str, Any], names: Names, last: Mapping[str, Any]) -> dict[str, Any]:
    """The table: the lance, the hand number, the envite so far and each seat in seat order
    (stack, bet, backs, badges); the seat that made the last move is marked with its kind (a
    bet, a raise, a fold, a descarte...). The same for every viewer: the style sheet turns the
    table so that the viewer's seat (his hand's ``data-viewer-seat``) is at the bottom and the
    next player at his right, and marks it as his."""
    playing = view["lance"] in PLAYING_LANCES
    return {
        "lance_name": str(LANCE_NAMES[view["lance"]]),
        "hand_no": view["hand_no"],
        "current_bet": view["current_bet"],
        "seats": [_seat(seat, names, view["turn"], playing) for seat in view["seats"]],
        "last_seat": last.get("seat"),
        "last_move": last.get("kind", ""),
    }


def pots_part(view: dict[str, Any], names: Names, last: Mapping[str, Any]) -> dict[str, Any]:
    """The pots (and who may win each when there is a side pot) and the stakes: the same for
    every viewer. ``grew``: the chips the last move put in, marked for a moment."""
    options = view["options"]
    return {
        "grew": max(last.get("pot", 0), 0),
        "pots": [
            Pot(amount=pot["amount"], side=index > 0, eligible=_names(names, pot["eligible"]))
            for index, pot in enumerate(view["pots"])
        ],
        "ante": options["ante"],
        "min_bet": options["min_bet"],
        "freezeout": options["stakes"] == "freezeout",
    }


def showdown_part(view: dict[str, Any], names: Names, facts: TableFacts) -> dict[str, Any]:
    """The last hand's end (hands shown, who takes each pot) and then the match's winner or the
    countdown to the next hand; nothing (a hidden part) while a hand is played. At a tournament's
    table a match is one hand: no match winner, and the countdown is the table page's."""
    result = view["result"]
    if result is None:
        return {"result": None}
    winner = None if facts.in_tournament else view["winner"]
    return {
        "result": _result(result, names),
        "split_ties": view["options"]["tie"] == "split",
        "winner": _name(names, winner) if winner is not None else "",
        "standings": _standings(view["places"], names),
        "next_hand_at": None if facts.in_tournament else facts.next_hand_at,
        "table_id": facts.table_id,
        "replay_hand": facts.last_hand,
    }


def _standings(places: list[int] | None, names: Names) -> list[dict[str, Any]]:
    """A freezeout's final order from the engine: a later elimination ranks higher; out in the
    same hand, more chips when it began rank higher; equal places are listed by seat."""
    if places is None:
        return []
    order = sorted(range(len(places)), key=lambda seat: (places[seat], seat))
    return [{"place": places[seat], "name": _name(names, seat)} for seat in order]


def hand_part(view: dict[str, Any], facts: TableFacts, shared: Shared = built_alone) -> Part:
    """The viewer's own cards (picks during his descarte), or why he has none, and a player's
    engine seat (``viewer_seat``: the style sheet turns the seats from it). Nothing here moves
    when another player speaks: it lasts while it is the same (``Shared.lasting``)."""
    own = _own(view)
    if own is None:
        return shared.lasting(_no_hand, facts.viewer_role)
    if not own["cards"]:
        return shared.lasting(_empty_hand, view["viewer"], view["lance"] in PLAYING_LANCES)
    return shared.lasting(
        _hand,
        view["viewer"],
        tuple(own["cards"]),
        tuple(facts.last_move.get("drawn", ())),
        own["value"],
        any(move["kind"] == "discard" for move in view["legal"]),
        own["folded"],
    )


def _no_hand(viewer_role: str) -> Part:
    return Part(
        TEMPLATES[HAND], {"is_player": False, "viewer_role": viewer_role, "viewer_seat": None}
    )


def _empty_hand(viewer_seat: int, playing: bool) -> Part:
    return Part(
        TEMPLATES[HAND],
        {"is_player": True, "viewer_seat": viewer_seat, "cards": [], "playing": playing},
    )


def _hand(
    viewer_seat: int,
    cards: tuple[str, ...],
    drawn: tuple[str, ...],
    value: int | None,
    picking: bool,
    folded: bool,
) -> Part:
    language = get_language()
    return Part(
        TEMPLATES[HAND],
        {
            "is_player": True,
            "viewer_seat": viewer_seat,
            "cards": [_own_card(card, language) | {"drawn": card in drawn} for card in cards],
            "value": value,
            "picking": picking,
            "folded": folded,
        },
    )


def controls_part(
    view: dict[str, Any], names: Names, facts: TableFacts, shared: Shared = built_alone
) -> Part:
    """Whose turn it is and the viewer's moves, each a form for the table; after a hand, his
    "Listo". A player waiting for another sees what a spectator sees: one part for all of them,
    from ``shared``."""
    own = _own(view)
    turn = view["turn"]
    moves = _moves(view["legal"], own)
    may_be_ready = bool(own and view["lance"] == "hand_over" and own["stack"] > 0)
    viewer_turn = turn is not None and turn == view["viewer"]

    def controls() -> Part:
        return Part(
            TEMPLATES[CONTROLS],
            {
                "table_id": facts.table_id,
                "viewer_turn": viewer_turn,
                "turn_name": _name(names, turn) if turn is not None else "",
                "lance_name": str(LANCE_NAMES[view["lance"]]) if turn is not None else "",
                "moves": moves,
                "stack": own["stack"] if own and (moves["bet"] or moves["raise_"]) else None,
                "may_be_ready": may_be_ready,
                "is_ready": may_be_ready and view["viewer"] in facts.ready_seats,
            },
        )

    if may_be_ready or any(moves.values()):
        return controls()
    return shared(f"golfo-controls {'turn' if viewer_turn else 'waiting'}", controls)


# --- the pieces --------------------------------------------------------------------------------


def _own(view: dict[str, Any]) -> dict[str, Any] | None:
    """The viewer's seat in the view; ``None`` for a spectator."""
    me = view["viewer"]
    return view["seats"][me] if me is not None else None


def _seat(data: dict[str, Any], names: Names, turn: int | None, playing: bool) -> Seat:
    player = names.get(data["seat"])
    return Seat(
        seat=data["seat"],
        name=player.name if player else "",
        connected=player.connected if player else False,
        badges=player_badges(player),
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
        backs=list(range(data["card_count"])) if playing else [],
        thrown=list(data["thrown"]),
        rebought=data["rebought"],
    )


def _name(names: Names, seat: int) -> str:
    player = names.get(seat)
    return player.name if player else ""


def _names(names: Names, seats: Sequence[int]) -> list[str]:
    return [_name(names, seat) for seat in seats]


def _face(text: str, language: str | None = None) -> Face:
    """A face-up card from the engine's JSON form, e.g. ``"7O#12"``, without its id, named in
    ``language`` (the active one, looked up when not given)."""
    notation = text.partition("#")[0]
    rank, suit = notation[:-1], notation[-1]
    return Face(rank=rank, suit=suit, name=_card_name(rank, suit, language or get_language()))


def face_up_card(text: str) -> Face:
    """A face-up card for pages other than the table's (the rules pages' examples)."""
    return _face(text)


def _own_card(text: str, language: str | None) -> OwnCard:
    face = _face(text, language)
    return OwnCard(id=text, rank=face["rank"], suit=face["suit"], name=face["name"], drawn=False)


@lru_cache(maxsize=256)
def _card_name(rank: str, suit: str, language: str | None) -> str:
    """``"7 of coins"`` in ``language`` (the active one), made once per card and language."""
    words: str = pgettext("golfo", "{rank} of {suit}")
    return words.format(rank=rank, suit=str(SUIT_NAMES[suit]))


def _moves(legal: list[dict[str, Any]], own: dict[str, Any] | None) -> Moves:
    moves = {move["kind"]: move for move in legal}
    call = moves.get("call")
    bet = _amount(moves.get("bet"))
    return Moves(
        betting=bool({"pass", "fold", "call"} & moves.keys()) or bet is not None,
        can_pass="pass" in moves,
        bet=bet,
        call=call["amount"] if call else None,
        call_is_resto=bool(call and own and call["amount"] >= own["stack"]),
        raise_=_amount(moves.get("raise")),
        can_fold="fold" in moves,
        discard="discard" in moves,
        rebuy=_amount(moves.get("rebuy")),
    )


def _amount(move: dict[str, Any] | None) -> Amount | None:
    if move is None:
        return None
    return Amount(min=move["min"], max=move["max"], only_resto=move["min"] == move["max"])


def _result(result: dict[str, Any], names: Names) -> Result:
    winners = {seat for pot in result["pots"] for seat in pot["winners"]}
    return Result(
        fold_out=result["ending"] == "fold_out",
        tied=result["tied"],
        pots=[
            PotResult(
                amount=pot["amount"],
                side=index > 0,
                winners=[
                    Winner(name=_name(names, seat), share=share)
                    for seat, share in zip(pot["winners"], pot["shares"], strict=True)
                ],
            )
            for index, pot in enumerate(result["pots"])
        ],
        shown=[
            Shown(
                name=_name(names, hand["seat"]),
                cards=[_face(card) for card in hand["cards"]],
                value=hand["value"],
                won=hand["seat"] in winners,
            )
            for hand in result["shown"]
        ],
    )


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


BOARD = (SEATS, POTS, SHOWDOWN, HAND)
"""The parts a replay step shows, in page order."""


def board(view: dict[str, Any], *, players: Sequence[PlayerInfo], facts: TableFacts) -> list[Part]:
    """A replay step's board: the view is given no legal moves, so that no part offers a form."""
    quiet = {**view, "legal": [], "turn_moves": []}
    shown = parts(quiet, players=players, viewer_seat=view["viewer"], facts=facts)
    return [shown[part_id] for part_id in BOARD]
