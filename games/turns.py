"""Whom a match waits for, read from the engine state: the seat on turn while a hand is played,
or between hands the seats whose "Listo" (or, at Golfo, rebuy) the next deal waits for. The
clocks and the bots ask here, so both agree on whose move it is."""

from typing import Any

from games.game_kinds import HAND_OVER, MATCH_OVER, GameKind
from games.models import Game

RUMMY_MID_TURN = "play"


def turn_seat(kind: GameKind, state: Any) -> int | None:
    """The engine seat on turn in a hand being played, ``None`` between hands."""
    if kind.phase(state) in (HAND_OVER, MATCH_OVER):
        return None
    seat = state.turn
    return None if seat is None else int(seat)


def awaited_seats(kind: GameKind, state: Any, game: Game) -> list[int]:
    """The engine seats whose move the match waits for now, in seat order."""
    if game.status != Game.Status.PLAYING:
        return []
    seat = turn_seat(kind, state)
    if seat is not None:
        return [seat]
    if kind.phase(state) != HAND_OVER:
        return []
    if kind.has_ready:
        return [seat for seat in kind.waits_for(state) if not state.ready[seat]]
    may_rebuy = [seat for seat in range(len(game.players)) if _offers(kind, state, seat, "rebuy")]
    not_ready = [seat for seat in kind.waits_for(state) if seat not in game.ready]
    return sorted({*may_rebuy, *not_ready})


def continues_turn(kind: GameKind, state: Any, game: Game, seat: int) -> bool:
    """Whether ``seat``, on turn, is in the middle of his turn: he made the latest move and must
    still end his turn (Rummy 70 after drawing). Every Golfo move ends the player's turn, so a
    seat that moves last and first again (one lance closing, the next opening) starts anew."""
    return kind.phase(state) == RUMMY_MID_TURN and last_mover(game) == seat


def last_mover(game: Game) -> int | None:
    """The engine seat of the match's latest logged move (``None`` for the table's own)."""
    seat = game.actions.order_by("-seq").values_list("seat", flat=True).first()
    return None if seat is None else int(seat)


def _offers(kind: GameKind, state: Any, seat: int, move: str) -> bool:
    legal = kind.engine.view(state, seat)["legal"]
    moves = legal["kinds"] if isinstance(legal, dict) else [item["kind"] for item in legal]
    return move in moves
