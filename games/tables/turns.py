"""Whom a match waits for, asked of the engine: the seat on turn while a hand is played, or
between hands the seats whose "Listo" (or another move the engine awaits, such as a rebuy) the next
deal waits for. The clocks and the bots ask here, so both agree on whose move it is."""

from games.engine.protocol import HAND_OVER
from games.kinds.house import house_match
from games.kinds.match import Match
from games.models import Game
from games.tables.house import seated_owing


def turn_seat(state: Match) -> int | None:
    """The engine seat on turn in a hand being played, ``None`` between hands."""
    return state.turn


def awaited_seats(state: Match, game: Game) -> list[int]:
    """The engine seats whose move the match waits for now, in seat order."""
    if game.status != Game.Status.PLAYING:
        return []
    house = house_match(state)
    if house is not None:
        return seated_owing(game, house)
    seat = state.turn
    if seat is not None:
        return [seat]
    if state.stage != HAND_OVER:
        return []
    not_ready = [seat for seat in state.waits_for() if seat not in game.ready]
    if game.table.tournament_id is not None:
        # A tournament table counts "Listo" itself, whatever the engine (games.tables.play), and
        # its freezeout hands have no rebuys.
        return not_ready
    if state.counts_ready:
        return state.awaited_between_hands()
    return sorted({*state.awaited_between_hands(), *not_ready})


def last_mover(game: Game) -> int | None:
    """The engine seat of the match's latest logged move (``None`` for the table's own)."""
    seat = game.actions.order_by("-seq").values_list("seat", flat=True).first()
    return None if seat is None else int(seat)
