"""What must hold of every stud state, and what no view may show: the simulation and the
property tests check them after every move."""

from __future__ import annotations

from typing import Any

from games.engine.stud.game import DECK_SIZE
from games.engine.stud.state import DECIDING, Phase, State


def violations(state: State, chips_issued: int) -> list[str]:
    """Every broken rule in ``state``; ``chips_issued``: the seats' stakes plus the bank's."""
    found: list[str] = []
    if state.chips_total() != chips_issued:
        found.append(f"chips not conserved: {state.chips_total()} != {chips_issued}")
    if state.bank < 0 or any(seat.chips < 0 or seat.bet < 0 for seat in state.seats):
        found.append("a negative amount")
    if state.phase in DECIDING:
        cards = [*state.common, *state.stock]
        cards += [card for seat in state.seats for card in seat.cards]
        if sorted(card.id for card in cards) != list(range(DECK_SIZE)):
            found.append("the 52 cards are not all accounted for once")
        deciding = [index for index, seat in enumerate(state.seats) if seat.in_hand]
        if state.turn not in deciding:
            found.append(f"turn {state.turn} is not a seat in the coup")
    if state.phase is Phase.BETTING and (state.turn is not None or state.common):
        found.append("cards or a turn while the betting is open")
    return found


def leaks(state: State, seen: dict[str, Any]) -> list[str]:
    """Hidden cards that ``seen`` (a seat's or a spectator's view) shows."""
    if state.phase is Phase.HAND_OVER:
        return []
    found: list[str] = []
    for index, seat in enumerate(seen["seats"]):
        if index != seen["viewer"] and seat["cards"] is not None:
            found.append(f"seat {index}'s cards")
    for position, card in enumerate(seen["common"]):
        if card is not None and position >= state.shown and position not in state.exposed:
            found.append(f"common card {position}")
    text = repr(seen)
    found += [f"stock card {card}" for card in state.stock if f"'{card}'" in text]
    return found
