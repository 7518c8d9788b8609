"""What must hold after every action of a Rummy 70 match; used by the simulation and the tests.

Each check returns a list of violations in words (empty when all is well).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from typing import Any

from games.engine.cards import Card
from games.engine.errors import EngineError
from games.engine.rummy.actions import Action, Open, SwapJoker, TakeDiscard
from games.engine.rummy.deal import DECK_SIZE
from games.engine.rummy.melds import form_meld, format_meld
from games.engine.rummy.state import ELIMINATION_POINTS, OPENING_POINTS, State

_CARD_JSON = re.compile(r'"(?:\*|(?:[2-9]|10|[AJQK])[OCEB])#(\d+)"')


def every_card(state: State) -> list[Card]:
    """All the physical cards of the table, wherever they are."""
    cards = [c for hand in state.hands for c in hand]
    cards += [c for meld in state.melds for c in meld.cards]
    return cards + state.stock + state.discards + state.face_down


def check_state(state: State) -> list[str]:
    problems: list[str] = []
    ids = Counter(c.id for c in every_card(state))
    if sorted(ids) != list(range(DECK_SIZE)) or any(n != 1 for n in ids.values()):
        twice = sorted(i for i, n in ids.items() if n != 1)
        missing = sorted(set(range(DECK_SIZE)) - set(ids))
        problems.append(f"cards not accounted for once: twice {twice}, missing {missing}")
    for meld in state.melds:
        try:
            again = form_meld(meld.cards, joker_as=meld.joker_as, owner=meld.owner)
        except EngineError as error:
            problems.append(f"illegal meld on the table: {format_meld(meld)} ({error})")
            continue
        if again.faces != meld.faces or sum(c.is_joker for c in meld.cards) > 1:
            problems.append(f"meld reads differently: {format_meld(meld)}")
        if meld.owner is None or not state.opened[meld.owner]:
            problems.append(f"meld laid by a player who has not opened: {format_meld(meld)}")
    just_out = set(state.result.eliminated) if state.result else set()
    for seat in range(state.players):
        if not state.in_match(seat) and seat not in just_out and state.hands[seat]:
            problems.append(f"eliminated seat {seat} holds cards")
        if state.points[seat] > ELIMINATION_POINTS:
            problems.append(f"seat {seat} has {state.points[seat]} points")
    if state.phase in ("draw", "play") and not state.in_match(state.turn):
        problems.append(f"turn of eliminated seat {state.turn}")
    if state.phase == "match_over" and len(state.active_seats) != 1:
        problems.append("match over with more than one player left")
    return problems


def check_move(before: State, seat: int | None, action: Action, after: State) -> list[str]:
    """The rules that relate two consecutive states."""
    problems: list[str] = []
    if any(a < b for a, b in zip(after.points, before.points, strict=True)):
        problems.append("match points went down")
    if after.hand_no != before.hand_no:
        return problems
    table_before = {c.id: c for m in before.melds for c in m.cards}
    table_after = {c.id for m in after.melds for c in m.cards}
    left = [card for i, card in table_before.items() if i not in table_after]
    swapped = isinstance(action, SwapJoker) and len(left) == 1 and left[0].is_joker
    if left and not swapped:
        problems.append(f"cards left the table: {' '.join(map(str, left))}")
    if seat is not None and not before.opened[seat] and after.opened[seat]:
        laid = [m for m in after.melds if m.owner == seat]
        if sum(m.points for m in laid) < OPENING_POINTS:
            problems.append(f"seat {seat} opened under {OPENING_POINTS}")
        if not isinstance(action, Open):
            problems.append("opened without an Open move")
        if before.first_round and before.open_with is None:
            problems.append(f"seat {seat} opened in the first round")
    if isinstance(action, TakeDiscard) and seat is not None and not before.opened[seat]:
        top = before.top_discard
        if top is None or not top.is_joker or before.turns_begun != 1:
            problems.append(f"seat {seat} took the discard without having opened")
    if before.phase == "play" and after.phase == "draw" and before.must_play:
        problems.append("a turn ended with a taken card still to play")
    result = after.result
    if before.result is None and result is not None and result.closer is not None:
        closer = result.closer
        if after.hands[closer] or not after.opened[closer]:
            problems.append(f"seat {closer} closed without emptying his hand or opening")
        problems += _check_scoring(before, after, closer)
    return problems


def _check_scoring(before: State, after: State, closer: int) -> list[str]:
    assert after.result is not None
    others = [s for s in before.active_seats if s != closer]
    opened = [s for s in others if after.opened[s]]
    penalties = after.result.penalties
    if not opened:
        expected = {s: 1 for s in others}
    elif len(opened) < len(others):
        expected = {s: 0 if s in opened else 1 for s in others}
    else:
        counts = {s: after.result.hand_points[s] or 0 for s in others}
        worst = max(counts.values())
        expected = {s: 1 if counts[s] == worst else 0 for s in others}
    if any(penalties[s] != n for s, n in expected.items()) or penalties[closer]:
        return [f"wrong points for a {after.result.ending} close: {penalties}"]
    return []


def visible_ids(state: State, viewer: int | None) -> set[int]:
    """The physical cards ``viewer`` may see: own hand, table, top discard, hands at the end."""
    seen = {c.id for m in state.melds for c in m.cards}
    if state.top_discard is not None:
        seen.add(state.top_discard.id)
    if viewer is not None and 0 <= viewer < state.players and state.in_match(viewer):
        seen |= {c.id for c in state.hands[viewer]}
    if state.phase in ("hand_over", "match_over"):
        seen |= {c.id for hand in state.hands for c in hand}
    return seen


def card_ids_in(data: Any) -> set[int]:
    """Every card id written anywhere in plain JSON data (as ``"7O#12"`` strings)."""
    return {int(number) for number in _CARD_JSON.findall(json.dumps(data))}


def check_view(state: State, viewer: int | None, shown: dict[str, Any]) -> list[str]:
    leaked = card_ids_in(shown) - visible_ids(state, viewer)
    return [f"view of {viewer} shows hidden cards {sorted(leaked)}"] if leaked else []
