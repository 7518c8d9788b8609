"""What one seat (or a spectator) may know of a stud table, as plain JSON data.

The only way information leaves the engine. A player sees his own three cards; the common cards
only once turned up (or shown by mistake); the other players' cards and the stock never while
the coup is played. When the coup is over, every hand that was played is shown with its result.
"""

from __future__ import annotations

from typing import Any

from games.engine.stud.game import legal_moves
from games.engine.stud.state import Phase, Seat, State


def view(state: State, viewer: int | None) -> dict[str, Any]:
    if viewer is not None and not 0 <= viewer < len(state.seats):
        viewer = None
    return {
        "game": "stud",
        "viewer": viewer,
        "options": state.options.to_json(),
        "hand_no": state.hand_no,
        "phase": str(state.phase),
        "turn": state.turn,
        "bank": state.bank,
        "common": [None if card is None else str(card) for card in state.visible_common()],
        "exposed": list(state.exposed),
        "voided": state.voided,
        "seats": [_seat(state, index, viewer) for index in range(len(state.seats))],
        "legal": legal_moves(state, viewer),
    }


def _seat(state: State, index: int, viewer: int | None) -> dict[str, Any]:
    seat: Seat = state.seats[index]
    shown = index == viewer or (state.phase is Phase.HAND_OVER and seat.in_hand)
    result = seat.result
    return {
        "chips": seat.chips,
        "bet": seat.bet,
        "in_play": seat.in_play if result is None else result.in_play,
        "riding": list(seat.riding),
        "card_count": len(seat.cards),
        "cards": [str(card) for card in seat.cards] if shown else None,
        "result": None
        if result is None
        else {"category": str(result.category), "in_play": result.in_play, "net": result.net},
    }
