"""The periodic sweep (Celery beat runs it every few seconds) and the closing of abandoned tables.

The sweep is the guard that never misses: it reads the timetable from the database and acts on
whatever is due, whether or not the punctual task sent for it arrived. Every step goes through a
service that checks the table's version under its lock, so acting twice is impossible."""

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.kinds.house import house_match
from games.kinds.registry import game_kind
from games.models import Game, Presence, Table, TableNote
from games.tables.house import refund_stakes
from games.tables.matches import NEXT_HAND_SECONDS
from games.tables.notes import write_note
from games.tables.play import deal_next_hand
from games.tables.presence import sit_out_absent, stale_after, tables_with_someone_away
from games.tables.records import record_results
from games.tables.versions import bump_version, find_locked_table
from games.timed.bots import play_bot
from games.timed.clocks import enforce_deadline
from games.timed.tournaments import act_on_tournament, due_tournaments

LOST_BOT_SECONDS = 1.0

logger = logging.getLogger(__name__)


def sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Act on everything due at ``now``; how many of each thing it did."""
    now = now or timezone.now()
    playing = Game.objects.filter(status=Game.Status.PLAYING, table__status=Table.Status.PLAYING)
    done = {
        "timeouts": 0,
        "bot_moves": 0,
        "deals": 0,
        "sat_out": 0,
        "closed": 0,
        "tournaments": 0,
    }
    for table_id, version in playing.filter(turn_deadline__lte=now).values_list(
        "table_id", "deadline_version"
    ):
        done["timeouts"] += _safely(enforce_deadline, table_id=table_id, version=version, now=now)
    lost = now - timedelta(seconds=LOST_BOT_SECONDS)
    for table_id, version in playing.filter(bot_move_at__lte=lost).values_list(
        "table_id", "table__version"
    ):
        done["bot_moves"] += _safely(play_bot, table_id=table_id, version=version, now=now)
    dealt_before = now - timedelta(seconds=NEXT_HAND_SECONDS)
    for table_id in playing.filter(hand_ended_at__lte=dealt_before).values_list(
        "table_id", flat=True
    ):
        done["deals"] += _safely(deal_next_hand, table_id=table_id)
    for table_id in tables_with_someone_away(now=now):
        done["sat_out"] += _safely(sit_out_absent, table_id=table_id, now=now)
    for table_id in idle_tables(now=now):
        done["closed"] += _safely(close_idle_table, table_id=table_id, now=now)
    for tournament_id in due_tournaments(now=now):
        done["tournaments"] += _safely(act_on_tournament, tournament_id=tournament_id)
    return done


def idle_tables(*, now: datetime) -> list[int]:
    """Open tables where no human has been for ``CARDROOM_CLOSE_IDLE_SECONDS``."""
    since = now - timedelta(seconds=settings.CARDROOM_CLOSE_IDLE_SECONDS)
    # A tournament's tables close when the tournament breaks them, never for want of humans.
    open_tables = Table.objects.filter(
        status__in=[Table.Status.WAITING, Table.Status.PLAYING],
        created_at__lte=since,
        tournament__isnull=True,
    )
    seen = dict(
        Presence.objects.filter(table__in=open_tables, user__is_bot=False)
        .values("table_id")
        .annotate(last=Max("last_seen"))
        .values_list("table_id", "last")
    )
    here = set(
        Presence.objects.filter(
            table__in=open_tables,
            user__is_bot=False,
            connections__gt=0,
            last_seen__gte=now - stale_after(),
        ).values_list("table_id", flat=True)
    )
    return [
        table_id
        for table_id in open_tables.values_list("pk", flat=True)
        if table_id not in here and seen.get(table_id, since) <= since
    ]


def close_idle_table(*, table_id: int, now: datetime | None = None) -> bool:
    """Close a table nobody has been at for the idle time: it leaves the lobby, its match ends
    where it stands, and its finished hands stay in its history."""
    now = now or timezone.now()
    with transaction.atomic():
        table = find_locked_table(table_id)
        if table is None or table_id not in idle_tables(now=now):
            return False
        for game in table.games.filter(status=Game.Status.PLAYING):
            state = game_kind(game.game).rules.load(game.state)
            house = house_match(state)
            if house is not None:
                refund_stakes(game, house)  # a house match records no result
            else:
                record_results(game=game, state=state)
        table.games.filter(status=Game.Status.PLAYING).update(
            status=Game.Status.FINISHED,
            finished_at=now,
            turn_deadline=None,
            bot_move_at=None,
            hand_ended_at=None,
        )
        table.status = Table.Status.FINISHED
        write_note(table=table, kind=TableNote.Kind.CLOSED)
        bump_version(table, lobby=True)  # it leaves the lobby
        return True


def _safely(service: Callable[..., bool], **arguments: object) -> int:
    """Run one sweep step; a failure at one table is logged and does not stop the others."""
    try:
        return int(service(**arguments))
    except Exception:
        logger.exception("Sweep step %s failed for %s", service, arguments)
        return 0
