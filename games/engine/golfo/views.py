"""What one seat (or a spectator) may know of a match, as plain JSON data.

The only way information leaves the engine. A player sees his own cards; of the others only how
many cards they hold and how many they threw in each descarte. Nobody sees the stock, the
discards or a folded hand, ever; at a showdown everybody sees the hands that were shown. An
eliminated (freezeout) player sees what a spectator sees.
"""

from __future__ import annotations

from typing import Any

from games.engine.golfo.hands import hand_value
from games.engine.golfo.match import legal_moves
from games.engine.golfo.pots import pots
from games.engine.golfo.state import HandResult, Lance, State


def view(state: State, viewer: int | None) -> dict[str, Any]:
    if viewer is not None and (
        not 0 <= viewer < len(state.players) or state.players[viewer].eliminated
    ):
        viewer = None
    table_pots = pots(state.players)
    return {
        "game": "golfo",
        "viewer": viewer,
        "options": state.options.to_json(),
        "hand_no": state.hand_no,
        "lance": str(state.lance),
        "dealer": state.dealer,
        "turn": state.turn,
        "current_bet": state.current_bet,
        "min_raise": state.min_raise,
        "pots": [{"amount": pot.amount, "eligible": list(pot.eligible)} for pot in table_pots],
        "pot_total": sum(pot.amount for pot in table_pots),
        "stock_count": len(state.stock),
        "discard_count": len(state.discards),
        "seats": [_seat(state, seat, viewer) for seat in range(len(state.players))],
        "legal": legal_moves(state, viewer) if viewer is not None else [],
        "turn_moves": [] if state.turn is None else legal_moves(state, state.turn),
        "result": _result(state.result),
        "winner": state.winner,
        "places": state.places() if state.lance is Lance.MATCH_OVER else None,
    }


def _seat(state: State, seat: int, viewer: int | None) -> dict[str, Any]:
    player = state.players[seat]
    own = seat == viewer
    return {
        "seat": seat,
        "stack": player.stack,
        "rebought": player.rebought,
        "eliminated": player.eliminated,
        "is_dealer": seat == state.dealer,
        "in_hand": player.in_hand,
        "folded": player.folded,
        "all_in": player.all_in,
        "round_bet": player.round_bet,
        "committed": player.committed,
        "card_count": len(player.hand),
        "thrown": list(player.thrown),
        "cards": [card.to_json() for card in player.hand] if own else None,
        "value": hand_value(player.hand) if own and player.hand else None,
    }


def _result(result: HandResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {
        "hand_no": result.hand_no,
        "ending": str(result.ending),
        "tied": result.tied,
        "put_in": list(result.put_in),
        "pots": [
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": list(pot.shares),
            }
            for pot in result.pots
        ],
        "shown": [
            {"seat": seat, "cards": [card.to_json() for card in cards], "value": hand_value(cards)}
            for seat, cards in result.shown.items()
        ],
    }
