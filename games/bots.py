"""Bots at the table: bot players (the host seats them, ``services.fill_with_bots``), and a bot
that plays every seat that is a bot's or whose player is sat out. A bot decides from its seat's
``view`` alone, as a browser would see it, and moves through the same services as a player."""

import secrets
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.game_kinds import GAME_KINDS, GameKind
from games.models import Game, Table, User
from games.play import current_game, play_action, ready
from games.schedule import automated_seats
from games.table_versions import find_locked_table
from games.turns import awaited_seats


def play_bot(*, table_id: int, version: int, now: datetime | None = None) -> bool:
    """One bot move at the table, if one is due at ``version``: the first awaited seat that a bot
    plays moves, from its own view. Does nothing (``False``) for a version the table has left, a
    move not yet due, or a seat no bot plays any more: late, early or repeated calls are
    harmless."""
    now = now or timezone.now()
    with transaction.atomic():
        table = find_locked_table(table_id)
        game = None if table is None else current_game(table)
        if table is None or game is None or not _due(table, game, version, now):
            return False
        kind = GAME_KINDS[game.game]
        state = kind.engine.state_from_json(game.state)
        automated = automated_seats(table=table, game=game)
        seats = [seat for seat in awaited_seats(kind, state, game) if seat in automated]
        if not seats:
            return False
        seat = seats[0]
        user = User.objects.get(pk=game.players[seat]["user"])
        move = bot_move(kind, kind.engine.view(state, seat))
        if move is None:
            ready(table_id=table_id, user=user, version=version)
        else:
            play_action(table_id=table_id, user=user, version=version, action=move)
        return True


def bot_move(kind: GameKind, view: dict[str, Any]) -> Any:
    """The engine's bot move for the seat whose ``view`` this is; ``None`` when the seat only
    owes the table's "Listo" (Golfo between hands)."""
    legal = view["legal"]
    moves = legal["kinds"] if isinstance(legal, dict) else [item["kind"] for item in legal]
    if not moves and not kind.has_ready:
        return None
    return kind.engine.bot.decide(view)


def _due(table: Table, game: Game, version: int, now: datetime) -> bool:
    return (
        table.status == Table.Status.PLAYING
        and game.status == Game.Status.PLAYING
        and table.version == version
        and game.deadline_version == version
        and game.bot_move_at is not None
        and game.bot_move_at <= now
    )


def new_bot_user(*, number: int) -> User:
    """A bot player, shown as "Bot <number>"; it never logs in."""
    bot = User(username=f"bot-{secrets.token_hex(8)}", display_name=f"Bot {number}", is_bot=True)
    bot.set_unusable_password()
    bot.save()
    return bot
