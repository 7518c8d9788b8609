"""The Rummy 70 screen: what one viewer sees of a table, and browser forms turned into moves.

``parts`` reads only the engine's ``view`` (never the state), the players and the table's facts,
so a part fed from it cannot show a card its viewer may not see. Each part gets only the plain
data its partial shows, and as little about the viewer as it can, so that the plumbing renders
it once for every viewer given the same data (docs/game-screens.md). ``move_from_fields`` turns
the flat string fields a ``ws-send`` form carries into an engine action; anything else raises
``InvalidAction``.

Field formats (besides ``move``): a card is its JSON form ``7O#12``; a meld is its cards separated
by spaces, a joker optionally followed by what it stands for (``*#104=7O``); an opening's melds
are separated by ``|``; an empty ``joker_as`` or ``last`` means none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from django.utils.translation import get_language, gettext, pgettext

from games.engine import rummy as engine
from games.engine.cards import ACE, JACK, KING, QUEEN, SUITS, Card, parse_card
from games.engine.errors import InvalidAction
from games.engine.messages import render
from games.engine.rummy import (
    Action,
    Close,
    Discard,
    Draw,
    KeepCut,
    LayMeld,
    LayOff,
    MeldSpec,
    Open,
    Ready,
    SwapJoker,
    TakeDiscard,
)
from games.kinds.screens import Part, Shared, built_alone, player_badges

if TYPE_CHECKING:
    from games.kinds.screens import PlayerInfo, TableFacts

__all__ = ["board", "engine", "face_up_card", "move_from_fields", "parts"]

MAX_MELDS = 10
MAX_MELD_CARDS = 13
MAX_POINTS = 3
_CARD = re.compile(r"(?:[2-9]|10|[AJQK])[OCEB]#\d{1,4}|\*#\d{1,4}", re.ASCII)
_FACE = re.compile(r"(?:[2-9]|10|[AJQK])[OCEB]", re.ASCII)
_INDEX = re.compile(r"\d{1,3}", re.ASCII)

# --- browser fields → engine actions ------------------------------------------------------------


def _refuse(fields: object) -> InvalidAction:
    return InvalidAction(detail=repr(fields)[:200])


def _card(text: str) -> Card:
    if not _CARD.fullmatch(text):
        raise _refuse(text)
    return Card.from_json(text)


def _face(text: str) -> Card | None:
    if text == "":
        return None
    if not _FACE.fullmatch(text):
        raise _refuse(text)
    return parse_card(text)


def _index(text: str) -> int:
    if not _INDEX.fullmatch(text):
        raise _refuse(text)
    return int(text)


def _meld(text: str) -> MeldSpec:
    """``"5O#1 6O#2 *#104=7O"``: at most one ``=``, and only after a joker."""
    words = text.split(" ")
    if not 0 < len(words) <= MAX_MELD_CARDS:
        raise _refuse(text)
    cards: list[Card] = []
    joker_as: Card | None = None
    for word in words:
        card_text, sign, face_text = word.partition("=")
        card = _card(card_text)
        if sign:
            if not card.is_joker or joker_as is not None or face_text == "":
                raise _refuse(text)
            joker_as = _face(face_text)
        cards.append(card)
    return MeldSpec(tuple(cards), joker_as)


def _open(fields: Mapping[str, str]) -> Open:
    melds = fields["melds"].split("|")
    if len(melds) > MAX_MELDS:
        raise _refuse(fields)
    return Open(tuple(_meld(text) for text in melds))


def _close(fields: Mapping[str, str]) -> Close:
    last = fields["last"]
    return Close(None if last == "" else _card(last))


def _keep_cut(fields: Mapping[str, str]) -> KeepCut:
    keep = fields["keep"]
    if keep not in ("yes", "no"):
        raise _refuse(fields)
    return KeepCut(keep=keep == "yes")


_MOVES: dict[str, tuple[frozenset[str], Callable[[Mapping[str, str]], Action]]] = {
    "keep_cut": (frozenset({"keep"}), _keep_cut),
    "draw": (frozenset(), lambda f: Draw()),
    "take_discard": (frozenset(), lambda f: TakeDiscard()),
    "open": (frozenset({"melds"}), _open),
    "lay_meld": (frozenset({"cards"}), lambda f: LayMeld(_meld(f["cards"]))),
    "lay_off": (
        frozenset({"meld", "card", "joker_as"}),
        lambda f: LayOff(_index(f["meld"]), _card(f["card"]), _face(f["joker_as"])),
    ),
    "swap_joker": (
        frozenset({"meld", "card"}),
        lambda f: SwapJoker(_index(f["meld"]), _card(f["card"])),
    ),
    "discard": (frozenset({"card"}), lambda f: Discard(_card(f["card"]))),
    "close": (frozenset({"last"}), _close),
    "ready": (frozenset(), lambda f: Ready()),
}


def move_from_fields(fields: dict[str, object]) -> Action:
    """A form's fields (``move`` and exactly that move's own fields, all strings) → an action.

    No Rummy 70 form sends a field twice, so a list value is refused like any other garbage."""
    if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
        raise _refuse(fields)
    kind = fields.get("move")
    if not isinstance(kind, str) or kind not in _MOVES:
        raise _refuse(fields)
    wanted, build = _MOVES[kind]
    if set(fields) != wanted | {"move"}:
        raise _refuse(fields)
    return build(cast(dict[str, str], fields))


# --- a card as the templates show it ------------------------------------------------------------

_SUIT_ORDER = {"O": 0, "C": 1, "E": 2, "B": 3}


def _suit_name(suit: str) -> str:
    return {
        "O": pgettext("suit", "coins"),
        "C": pgettext("suit", "cups"),
        "E": pgettext("suit", "swords"),
        "B": pgettext("suit", "clubs"),
    }[suit]


def _rank_name(rank: int) -> str:
    named = {
        ACE: pgettext("rank", "ace"),
        JACK: pgettext("rank", "jack"),
        QUEEN: pgettext("rank", "knight"),
        KING: pgettext("rank", "king"),
    }
    return named.get(rank, str(rank))


def _rank_index(rank: int) -> str:
    """The short rank in a card's corner (Spanish decks print S, C, R for the court cards)."""
    named = {
        ACE: pgettext("card corner", "A"),
        JACK: pgettext("card corner", "J"),
        QUEEN: pgettext("card corner", "Q"),
        KING: pgettext("card corner", "K"),
    }
    return named.get(rank, str(rank))


def face_label(card: Card) -> str:
    """``"7 de oros"`` / ``"7 of coins"``; a joker is ``"comodín"``."""
    return _face_label_in(card, get_language())


@lru_cache(maxsize=512)
def _face_label_in(card: Card, language: str | None) -> str:
    """The label in ``language`` (the active one), made once per card: a screen labels every
    card it shows on every frame."""
    if card.is_joker:
        return gettext("joker")
    assert card.suit is not None
    return gettext("%(rank)s of %(suit)s") % {
        "rank": _rank_name(card.rank),
        "suit": _suit_name(card.suit.value),
    }


@lru_cache(maxsize=8)
def _face_labels_in(language: str | None) -> dict[str, str]:
    """Every face's label in ``language`` (the active one), for the browser's joker question
    (the same for every viewer), made once: the translated labels cost about 2 ms, paid on every
    frame of every Rummy 70 player otherwise. Callers only read it."""
    faces = [Card(rank, suit) for suit in SUITS for rank in range(ACE, KING + 1)]
    return {str(card): face_label(card) for card in faces}


def _suit(card: Card) -> str:
    return card.suit.value if card.suit is not None else ""


def _face_up(code: str, joker_as: str | None = None) -> dict[str, Any]:
    """A card lying face up (``_card.html``) from its JSON form; ``joker_as`` (a face) for a
    joker in a meld. No card id: a card on the table is only its face."""
    return dict(_face_up_in(code, joker_as, get_language()))


def face_up_card(code: str, joker_as: str | None = None) -> dict[str, Any]:
    """A card shown face up by ``_card.html`` from its JSON form, for pages other than the
    table's (a replay shows the viewer's hand with it, the rules pages their examples);
    ``joker_as`` (a face) for a joker lying in a meld."""
    return _face_up(code, joker_as)


@lru_cache(maxsize=4096)
def _face_up_in(code: str, joker_as: str | None, language: str | None) -> dict[str, Any]:
    """Made once per card and language (``language`` is the active one): every frame shows
    every card on the table. Callers get a copy."""
    card = Card.from_json(code)
    stands_for = parse_card(joker_as) if card.is_joker and joker_as else None
    label = face_label(card)
    if stands_for is not None:
        label = gettext("joker as %(card)s") % {"card": face_label(stands_for)}
    return {
        "joker": card.is_joker,
        "suit": _suit(card),
        "index": "" if card.is_joker else _rank_index(card.rank),
        "label": label,
        "stands_for": "" if stands_for is None else str(stands_for),
        "stands_for_index": "" if stands_for is None else _rank_index(stands_for.rank),
        "stands_for_suit": "" if stands_for is None else _suit(stands_for),
    }


@lru_cache(maxsize=1024)
def _in_hand_in(code: str, drawn: bool, language: str | None) -> dict[str, Any]:
    """A card of the viewer's hand (``_hand_card.html``): a button the browser selects by id,
    sorts by rank or suit and stages into melds by face and points, marked while it is one his
    last move brought in (``drawn``). Made once per card, mark and language (``language`` is
    the active one), and held by every hand that holds the card: callers only read it."""
    card = Card.from_json(code)
    suit = _suit(card)
    return {
        "code": code,
        "drawn": drawn,
        "face": str(card),
        "joker": card.is_joker,
        "suit": suit,
        "index": "" if card.is_joker else _rank_index(card.rank),
        "label": face_label(card),
        "points": 0 if card.is_joker else engine.card_points(card),
        "rank_order": 99 if card.is_joker else card.rank,
        "suit_order": _SUIT_ORDER.get(suit, 9),
    }


# --- names ----------------------------------------------------------------------------------------


def _names(players: Sequence[PlayerInfo]) -> dict[int, PlayerInfo]:
    return {info.seat: info for info in players}


def _name(infos: Mapping[int, PlayerInfo], seat: int | None) -> str:
    if seat is None:
        return ""
    info = infos.get(seat)
    return info.name if info is not None else gettext("Seat %(n)s") % {"n": seat + 1}


# --- #rummy-players: the seats, whose turn, cards in hand, points -------------------------------


def _seat_row(
    player: Mapping[str, Any],
    view: Mapping[str, Any],
    infos: Mapping[int, PlayerInfo],
    last: Mapping[str, Any],
) -> dict[str, Any]:
    seat = player["seat"]
    info = infos.get(seat)
    return {
        "seat": seat,
        "name": _name(infos, seat),
        "connected": info.connected if info is not None else False,
        "badges": player_badges(info),
        "cards": player["cards"],
        "opened": player["opened"],
        "points": player["points"],
        "pips": [n < player["points"] for n in range(MAX_POINTS)],
        "eliminated": player["eliminated"],
        "dealer": seat == view["dealer"],
        "turn": seat == view["turn"],
        "last_mover": seat == last.get("seat"),
    }


def _players_part(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], last: Mapping[str, Any]
) -> Part:
    """The same for every viewer: his own row is marked by the page's style, from the hand's
    ``data-viewer-seat`` (``_hand_part``). The row of the player who made the last move is
    marked."""
    seats = [_seat_row(player, view, infos, last) for player in view["players"]]
    return Part("tables/rummy70/_players.html", {"seats": seats})


# --- #rummy-result: the end of a hand, and of the match ----------------------------------------

_ENDINGS = {
    "seco": lambda: gettext("Seco: nobody else had opened"),
    "no_abiertos": lambda: gettext("No abiertos: those who had not opened take a point"),
    "abiertos": lambda: gettext("Abiertos: the most points left in hand takes a point"),
    "agotada": lambda: gettext("No cards left to draw: nobody takes a point"),
}


def _reason(ending: str, penalty: int) -> str:
    if not penalty:
        return ""
    return {
        "seco": gettext("seco"),
        "no_abiertos": gettext("not opened"),
        "abiertos": gettext("most points in hand"),
    }.get(ending, "")


def _hand_result(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], seat: int, ready: bool
) -> dict[str, Any]:
    end = view["hand_end"]
    player = view["players"][seat]
    penalty = end["penalties"][seat]
    return {
        "name": _name(infos, seat),
        "cards": [_face_up(code) for code in end["hands"][seat]],
        "hand_points": end["hand_points"][seat],
        "penalty": penalty,
        "reason": _reason(end["ending"], penalty),
        "closer": seat == end["closer"],
        "eliminated_now": seat in end["eliminated"],
        "ready": ready or player["ready"],
        "in_match": not player["eliminated"],
    }


def _hand_end(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], ready_seats: tuple[int, ...]
) -> dict[str, Any]:
    """Every hand shown (hands are counted in public), who took a point and why, and who is
    ready for the next (the engine counts "Listo", or at a tournament's table the table does:
    ``ready_seats``)."""
    end = view["hand_end"]
    return {
        "ending_label": _ENDINGS[end["ending"]](),
        "closer": _name(infos, end["closer"]),
        "rows": [
            _hand_result(view, infos, seat, seat in ready_seats)
            for seat in range(len(end["hands"]))
        ],
    }


def _standings(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], facts: TableFacts
) -> list[dict[str, Any]]:
    """The players in the engine's match order: a later elimination ranks higher, players out in
    the same hand share a place (and are then listed by seat)."""
    places = view["places"]
    order = sorted(view["players"], key=lambda p: (places[p["seat"]], p["seat"]))
    return [
        {
            "place": places[p["seat"]],
            "name": _name(infos, p["seat"]),
            "points": p["points"],
            "winner": p["seat"] == view["winner"],
            "wants_rematch": p["seat"] in facts.rematch_accepted,
        }
        for p in order
    ]


def _viewer_engine_seat(players: Sequence[PlayerInfo]) -> int | None:
    """The viewer's engine seat even when he is out of the match (he may ask for a rematch)."""
    return next((info.seat for info in players if info.is_viewer), None)


def _result_part(
    view: Mapping[str, Any],
    infos: Mapping[int, PlayerInfo],
    players: Sequence[PlayerInfo],
    facts: TableFacts,
) -> Part:
    """Hidden during a hand. After a hand: its result, the viewer's "Ready" and the countdown;
    after the match: the standings and the viewer's answer to the rematch. At a tournament's
    table a match is one hand: its end shows the hand's result and "Ready" only."""
    template = "tables/rummy70/_result.html"
    if view["hand_end"] is None:
        return Part(template, {"result": None})
    match_over = _match_over(view, facts)
    context: dict[str, Any] = {
        "result": _hand_end(view, infos, facts.ready_seats),
        "match_over": match_over,
        "in_tournament": facts.in_tournament,
        "table_id": facts.table_id,
        "replay_hand": facts.last_hand,
        **_viewer_answers(view, players, facts),
    }
    if match_over:
        context |= {
            "winner_name": _name(infos, view["winner"]),
            "standings": _standings(view, infos, facts),
        }
    else:
        context["next_hand_at"] = None if facts.in_tournament else facts.next_hand_at
    return Part(template, context)


def _match_over(view: Mapping[str, Any], facts: TableFacts) -> bool:
    """The end of a match that offers a rematch (a tournament's table goes on to its next
    round)."""
    return view["phase"] == "match_over" and not facts.in_tournament


def _viewer_answers(
    view: Mapping[str, Any], players: Sequence[PlayerInfo], facts: TableFacts
) -> dict[str, bool]:
    """All the result part shows of the viewer's own: after a hand, whether he is still to say
    "Ready"; after the match, whether he has asked for a rematch and whether he may."""
    if _match_over(view, facts):
        return {
            "rematch_asked": _viewer_engine_seat(players) in facts.rematch_accepted,
            "rematch_offered": facts.viewer_role in ("player", "eliminated"),
        }
    return {
        "ready_wanted": "ready" in view["legal"]["kinds"]
        and view["viewer"] not in facts.ready_seats
    }


def _result_key(view: Mapping[str, Any], players: Sequence[PlayerInfo], facts: TableFacts) -> str:
    """The result part's key among the parts a table's viewers share: the hand's result is
    public (every hand is shown once it is over), so viewers who are given the same answers to
    give (``_viewer_answers``) are shown the same part."""
    if view["hand_end"] is None:
        return "rummy-result"
    answers = _viewer_answers(view, players, facts)
    return " ".join(["rummy-result", "over", *(name for name, given in answers.items() if given)])


# --- #rummy-piles: the stock, the discard pile and whose turn it is -----------------------------


_PILE_OF_MOVE = {"draw": "stock", "take_discard": "discard", "discard": "discard"}


def _piles_part(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], last: Mapping[str, Any]
) -> Part:
    """The same for every viewer: the player to move reads "Your turn" instead of his name's
    turn by the page's style, from the hand's ``data-viewer-seat`` (``_hand_part``). The pile the
    last move drew from or threw on is marked, a discard with who threw it."""
    top = view["top_discard"]
    kind = last.get("kind")
    return Part(
        "tables/rummy70/_piles.html",
        {
            "stock_count": view["stock_count"],
            "top_discard": None if top is None else _face_up(top),
            "hand_no": view["hand_no"],
            "dealer_name": _name(infos, view["dealer"]),
            "turn_name": _name(infos, view["turn"]),
            "turn": view["turn"],
            "first_round": view["first_round"],
            "last_pile": _PILE_OF_MOVE.get(str(kind), ""),
            "thrown_by": _name(infos, last.get("seat")) if kind == "discard" and top else "",
        },
    )


# --- #rummy-melds: the melds on the table ---------------------------------------------------------


def _table_meld(
    meld: Mapping[str, Any], last: Mapping[str, Any], language: str | None
) -> dict[str, Any]:
    """A meld on the table, in ``language`` (the active one); one the last move laid or added to
    is marked, and so is the card it laid off."""
    marked = meld["index"] in last.get("melds", ())
    return _table_meld_in(
        meld["index"],
        tuple(meld["cards"]),
        meld["joker_as"],
        meld["kind"],
        meld["points"],
        last.get("card") if marked else None,
        marked=marked,
        language=language,
    )


@lru_cache(maxsize=1024)
def _table_meld_in(
    index: int,
    codes: tuple[str, ...],
    joker_as: str | None,
    kind: str,
    points: int,
    laid_off: str | None,
    *,
    marked: bool,
    language: str | None,
) -> dict[str, Any]:
    """Made once per meld as it lies and language (``language`` is the active one): every frame
    of every viewer shows every meld. Callers only read it."""
    cards = [
        _face_up_in(code, joker_as, language) | {"last": marked and code == laid_off}
        for code in codes
    ]
    faces = [
        shown["stands_for"] or str(Card.from_json(code))
        for shown, code in zip(cards, codes, strict=True)
    ]
    name = gettext("set") if kind == "set" else gettext("run")
    return {
        "index": index,
        "kind": kind,
        "cards": cards,
        "points": points,
        "joker_as": joker_as or "",
        "faces": " ".join(faces),
        "label": f"{name}: " + ", ".join(c["label"] for c in cards),
        "last": marked,
    }


def _meld_groups(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], last: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """The melds on the table grouped by who laid them, in seat order."""
    groups: dict[int | None, list[dict[str, Any]]] = {}
    language = get_language()
    for meld in view["melds"]:
        groups.setdefault(meld["owner"], []).append(_table_meld(meld, last, language))
    return [
        {"name": _name(infos, owner), "melds": melds}
        for owner, melds in sorted(groups.items(), key=lambda item: (item[0] is None, item[0]))
    ]


def _laying_off(view: Mapping[str, Any]) -> bool:
    """Whether the viewer's melds are buttons: a player in the hand clicks a meld to lay off on
    it while the hand is played; a spectator, or anyone once the hand is over, only looks. So at
    a hand's end every viewer is shown one part."""
    return view["viewer"] is not None and view["hand_end"] is None


def _melds_part(
    view: Mapping[str, Any], infos: Mapping[int, PlayerInfo], last: Mapping[str, Any]
) -> Part:
    """The same for every player in the hand, and for every spectator (``_laying_off``)."""
    return Part(
        "tables/rummy70/_melds.html",
        {"meld_groups": _meld_groups(view, infos, last), "playing": _laying_off(view)},
    )


# --- #rummy-hand: the viewer's own cards --------------------------------------------------------


def _hand_part(
    view: Mapping[str, Any],
    players: Sequence[PlayerInfo],
    last: Mapping[str, Any],
    shared: Shared = built_alone,
) -> Part:
    """The viewer's cards, and what the browser needs to stage melds from them; hidden for a
    spectator. Nothing else: it changes only when his hand does, or when the cards his own last
    move brought in (``drawn``, his alone) stop being marked, so it is made of those alone and
    lasts across the other players' moves (``Shared.lasting``). It carries his engine seat (even
    out of the match), by which the page's style marks his row of the players and his turn on
    the piles, two parts every viewer shares."""
    hand = view["hand"]
    return shared.lasting(
        _hand_part_of,
        None if hand is None else tuple(hand),
        tuple(last.get("drawn", ())),
        _viewer_engine_seat(players),
        view["opening_points"],
    )


def _hand_part_of(
    hand: tuple[str, ...] | None,
    drawn: tuple[str, ...],
    viewer_seat: int | None,
    opening_points: int,
) -> Part:
    template = "tables/rummy70/_hand.html"
    if hand is None:
        return Part(template, {"hand": None, "viewer_seat": viewer_seat})
    language = get_language()
    return Part(
        template,
        {
            "viewer_seat": viewer_seat,
            "hand": [_in_hand_in(code, code in drawn, language) for code in hand],
            "opening_points": opening_points,
            "face_labels": _face_labels_in(language),
        },
    )


# --- #rummy-controls: the viewer's moves ----------------------------------------------------------


def _constraint(constraint: Mapping[str, Any]) -> str:
    return render(constraint["template"], constraint["params"], gettext)


def _moves(view: Mapping[str, Any]) -> dict[str, Any]:
    kinds = view["legal"]["kinds"]
    hand = view["hand"] or []
    return {
        "keep_cut": "keep_cut" in kinds,
        "draw": "draw" in kinds,
        "take_discard": "take_discard" in kinds,
        "open": "open" in kinds,
        "lay_meld": "lay_meld" in kinds,
        "lay_off": "lay_off" in kinds,
        "swap_joker": "swap_joker" in kinds,
        "discard": "discard" in kinds,
        "close": "close" in kinds,
        "close_last": hand[0] if "close" in kinds and len(hand) == 1 else "",
        "constraints": [_constraint(c) for c in view["legal"]["constraints"]],
    }


def _controls_part(
    view: Mapping[str, Any],
    infos: Mapping[int, PlayerInfo],
    facts: TableFacts,
    shared: Shared = built_alone,
) -> Part:
    """What the viewer may do now (``shows``): nothing after a hand (the result part has the
    forms), watch, make one of his moves, or wait for the player to move; each with only what
    it shows. His moves are his own; every viewer shown the same of the rest (all the players
    waiting for the same one) is given one part, from ``shared``."""
    template = "tables/rummy70/_controls.html"
    if view["hand_end"] is not None:
        return shared("rummy-controls ended", lambda: Part(template, {"shows": "ended"}))
    if view["viewer"] is None:
        eliminated = facts.viewer_role == "eliminated"
        return shared(
            f"rummy-controls watching {eliminated}",
            lambda: Part(template, {"shows": "watching", "eliminated": eliminated}),
        )
    if view["legal"]["kinds"]:
        return Part(
            template,
            {
                "shows": "moves",
                "controls": _moves(view),
                "opening_points": view["opening_points"],
                "table_id": facts.table_id,
            },
        )
    waits_for = "cutting" if view["phase"] == "cut" else "waiting"
    return shared(
        f"rummy-controls {waits_for}",
        lambda: Part(template, {"shows": waits_for, "turn_name": _name(infos, view["turn"])}),
    )


# --- the screen -----------------------------------------------------------------------------------


def parts(
    view: dict[str, Any],
    *,
    players: Sequence[PlayerInfo],
    viewer_seat: int | None,
    facts: TableFacts,
    shared: Shared = built_alone,
) -> dict[str, Part]:
    """The screen's six parts for one viewer, in page order, by element id, each from the
    engine's ``view(state, viewer)``, the players and the table's facts only. The players, the
    piles, the melds (a player's or a spectator's) and the result (by the answers it asks of the
    viewer) are the same for every viewer, and come from ``shared``, as do the controls of those
    who wait or watch; the hand lasts while it is the same (``Shared.lasting``).

    ``viewer_seat`` is ``None`` for anyone not still in the match, as is the view's viewer; the
    viewer's engine seat even then (an eliminated player answering the rematch) comes from
    ``players``."""
    infos = _names(players)
    last = facts.last_move
    melds = "rummy-melds playing" if _laying_off(view) else "rummy-melds watching"
    return {
        "rummy-players": shared("rummy-players", lambda: _players_part(view, infos, last)),
        "rummy-result": shared(
            _result_key(view, players, facts), lambda: _result_part(view, infos, players, facts)
        ),
        "rummy-piles": shared("rummy-piles", lambda: _piles_part(view, infos, last)),
        "rummy-melds": shared(melds, lambda: _melds_part(view, infos, last)),
        "rummy-hand": _hand_part(view, players, last, shared),
        "rummy-controls": _controls_part(view, infos, facts, shared),
    }


BOARD = ("rummy-players", "rummy-result", "rummy-piles", "rummy-melds", "rummy-hand")
"""The parts a replay step shows, in page order."""


def board(view: dict[str, Any], *, players: Sequence[PlayerInfo], facts: TableFacts) -> list[Part]:
    """A replay step's board: the view is given no legal moves, so that no part offers a form,
    and the hand is shown as plain cards, since the live one is a set of buttons for the table's
    script."""
    quiet = {**view, "legal": {"kinds": [], "constraints": []}}
    shown = parts(quiet, players=players, viewer_seat=view["viewer"], facts=facts)
    hand = view["hand"]
    shown["rummy-hand"] = Part(
        "tables/rummy70/_replay_hand.html",
        {
            "cards": None if hand is None else [face_up_card(code) for code in hand],
            "viewer_seat": _viewer_engine_seat(players),
        },
    )
    return [shown[part_id] for part_id in BOARD]
