"""Bots at the table: bot players (the host seats them, ``services.fill_with_bots``), and a bot
that plays every seat that is a bot's or whose player is sat out. A bot decides from its seat's
``view`` alone, as a browser would see it, and moves through the same services as a player."""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.engine.protocol import JsonObject
from games.kinds.registry import game_kind
from games.models import Game, Table, User
from games.tables import wallet
from games.tables.errors import TableError
from games.tables.matches import current_game
from games.tables.play import LockedMatch, play_for_seat
from games.tables.timetable import automated_seats
from games.tables.turns import awaited_seats
from games.tables.versions import find_locked_table


def play_bot(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """One bot move at the table, if one is due at ``version``: the first awaited seat that a bot
    plays moves, from its own view. Does nothing (``False``) for a version the table has left, a
    move not yet due, or a seat no bot plays any more: late, early or repeated calls are
    harmless, and most learn so without the table's lock, so they never make a move wait."""
    now = now or timezone.now()
    if not _maybe_due(table_id, version, now):
        return False
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None or not _due(table, game, version, now):
            return False
        state = game_kind(game.game).rules.load(game.state)
        automated = automated_seats(table=table, game=game)
        seats = [seat for seat in awaited_seats(state, game) if seat in automated]
        if not seats:
            return False
        seat = seats[0]
        user = User.objects.get(pk=game.players[seat]["user"])
        move = state.bot_move(seat)
        match = LockedMatch(game=game, state=state)
        if move is not None and game_kind(game.game).banked:
            return _bet_for(table=table, match=match, user=user, move=move)
        if move is None and state.counts_ready:
            return False
        # No move: he owes only the table's "Listo".
        play_for_seat(table=table, match=match, user=user, version=version, action=move)
        return True


def _bet_for(*, table: Table, match: LockedMatch, user: User, move: JsonObject) -> bool:
    """A bot's move at a house table, with chips from the player's wallet: a bot player takes
    the free top-up when it runs low; a stake the wallet cannot cover is not made (the window
    closes on the clock without it)."""
    if user.is_bot and wallet.top_up_refusal(user) is None:
        wallet.top_up(user)
    try:
        with transaction.atomic():
            play_for_seat(table=table, match=match, user=user, version=table.version, action=move)
    except TableError:
        return False
    return True


def _maybe_due(table_id: int, version: int, now: datetime) -> bool:
    """``_due`` read without the table's lock (a stale call, the table having moved on, is
    common): a move it finds may be gone once the lock is taken, one it does not find is not
    there."""
    return Game.objects.filter(
        table_id=table_id,
        table__status=Table.Status.PLAYING,
        table__version=version,
        status=Game.Status.PLAYING,
        bot_move_at__lte=now,
    ).exists()


def _due(table: Table, game: Game, version: int, now: datetime) -> bool:
    return (
        table.status == Table.Status.PLAYING
        and game.status == Game.Status.PLAYING
        and table.version == version
        and game.bot_move_at is not None
        and game.bot_move_at <= now
    )
