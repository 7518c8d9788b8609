"""What one seat (or a spectator) may know of a Rummy 70 table: the only way data leaves it.

A view holds the viewer's own hand, everything on the table, counts of the other hands and
nothing derived from a hidden card (no stock order, no ids of cards in other hands or in the
stock). When a hand is over every hand is shown to everyone (hands are counted in public); the
face-down closing card stays face down. An eliminated player gets the spectator's view.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.errors import EngineError
from games.engine.rummy.actions import TakeDiscard
from games.engine.rummy.errors import FirstRound, MustOpenWith, MustPlayCard
from games.engine.rummy.melds import Meld
from games.engine.rummy.moves import accepted, lay_offs, new_melds, swaps
from games.engine.rummy.rules import can
from games.engine.rummy.serialize import meld_to_json
from games.engine.rummy.state import OPENING_POINTS, State


def _constraint(error: EngineError) -> dict[str, Any]:
    return {
        "code": error.code,
        "template": error.template,
        "params": error.params,
        "message": error.message,
    }


def _legal(state: State, seat: int) -> tuple[list[str], list[dict[str, Any]]]:
    """The kinds of move ``seat`` may make now, and what binds him this turn."""
    if state.phase == "hand_over":
        return ([] if state.ready[seat] else ["ready"]), []
    if state.phase == "match_over" or seat != state.turn:
        return [], []
    if state.phase == "cut":
        return ["keep_cut"], []
    hand = state.hands[seat]
    opened = state.opened[seat]
    if state.phase == "draw":
        offered = can(state, seat, TakeDiscard())
        return ["draw", "take_discard"] if offered else ["draw"], []
    constraints = [_constraint(MustPlayCard(card=str(c))) for c in state.must_play]
    if state.open_with is not None:
        constraints.append(_constraint(MustOpenWith(card=str(state.open_with))))
    kinds: list[str] = []
    if not opened:
        if state.first_round and state.open_with is None:
            constraints.append(_constraint(FirstRound()))
        else:
            kinds.append("open")
    else:
        kinds += _table_kinds(state, seat)
    owes = bool(state.must_play) or state.open_with is not None
    if not owes and len(hand) >= 2:
        kinds.append("discard")
    if opened and not owes and len(hand) <= 1:
        kinds.append("close")
    return kinds, constraints


def _table_kinds(state: State, seat: int) -> list[str]:
    """The kinds of table move of an opened player that the rules accept now: a kind is offered
    only when at least one move of it is (with cards owed, the owed-cards search judges)."""
    offered = (
        ("lay_meld", new_melds(state, seat)),
        ("lay_off", lay_offs(state, seat)),
        ("swap_joker", swaps(state, seat)),
    )
    return [kind for kind, moves in offered if next(accepted(state, seat, moves), None)]


def _cards(cards: list[Card]) -> list[str]:
    return [c.to_json() for c in cards]


KEPT_MELDS = 4096
_melds_seen: dict[int, tuple[Meld, dict[str, Any], int]] = {}


def _shown_meld(meld: Meld, index: int) -> dict[str, Any]:
    """A meld on the table as a view shows it. What a meld shows is worked out once for each meld
    object: a meld lies on the table unchanged for many moves, and every view of every viewer
    writes it again (its cards' identities and its points). Melds are immutable, so the meld
    object names what it shows; by identity, since two melds of the same faces from the two
    decks are equal. The cache keeps each meld it names, so an id is not reused while kept; each
    view is given lists of its own."""
    seen = _melds_seen.get(id(meld))
    if seen is None or seen[0] is not meld:
        if len(_melds_seen) >= KEPT_MELDS:
            _melds_seen.clear()
        seen = (meld, meld_to_json(meld), meld.points)
        _melds_seen[id(meld)] = seen
    _meld, written, points = seen
    return {**written, "cards": list(written["cards"]), "index": index, "points": points}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    """Plain JSON data for ``viewer`` (a seat, or ``None`` for a spectator)."""
    seat = viewer if viewer is not None and 0 <= viewer < state.players else None
    if seat is not None and not state.in_match(seat):
        seat = None
    hand_over = state.phase in ("hand_over", "match_over")
    kinds, constraints = _legal(state, seat) if seat is not None else ([], [])
    result = state.result
    melds = [_shown_meld(meld, index) for index, meld in enumerate(state.melds)]
    cut = state.cut
    return {
        "game": "rummy",
        "viewer": seat,
        "spectator": seat is None,
        "phase": state.phase,
        "hand_no": state.hand_no,
        "dealer": state.dealer,
        "turn": None if hand_over else state.turn,
        "first_round": state.first_round,
        "opening_points": OPENING_POINTS,
        "options": state.options.to_json(),
        "hand": _cards(state.hands[seat]) if seat is not None else None,
        "must_play": _cards(state.must_play) if seat == state.turn and not hand_over else [],
        "melds": melds,
        "top_discard": None if state.top_discard is None else state.top_discard.to_json(),
        "discard_count": len(state.discards),
        "stock_count": len(state.stock),
        "cut": None if cut is None else {"seat": cut.seat, "card": str(cut.card), "kept": cut.kept},
        "players": [
            {
                "seat": s,
                "cards": len(state.hands[s]),
                "opened": state.opened[s],
                "points": state.points[s],
                "eliminated": not state.in_match(s),
                "ready": state.ready[s],
            }
            for s in range(state.players)
        ],
        "legal": {"kinds": kinds, "constraints": constraints},
        "hand_end": None
        if result is None or not hand_over
        else {
            "ending": result.ending,
            "closer": result.closer,
            "hands": [_cards(hand) for hand in state.hands],
            "hand_points": list(result.hand_points),
            "penalties": list(result.penalties),
            "eliminated": list(result.eliminated),
        },
        "winner": state.winner,
        "places": state.places() if state.phase == "match_over" else None,
    }
