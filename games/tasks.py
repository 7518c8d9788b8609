"""Celery tasks: each calls one service and nothing else. Every task is safe to run late, early
or twice: the services check the table's version and the due time stored in the database. So a
task whose database connection is cut while it runs runs once more on a new one."""

from celery import shared_task

from cardroom.celery import on_a_live_connection
from games.timed import bots, clocks, housekeeping, tournaments
from sweeps.records import record_sweep


@shared_task(name="games.enforce_deadline", ignore_result=True)
@on_a_live_connection
def enforce_deadline(*, table_id: int, version: int) -> bool:
    """The turn clock of ``table_id`` at ``version`` has run out: play the default move."""
    return clocks.enforce_deadline(table_id=table_id, version=version)


@shared_task(name="games.play_bot", ignore_result=True)
@on_a_live_connection
def play_bot(*, table_id: int, version: int) -> bool:
    """A bot's move at ``table_id``, due at ``version``."""
    return bots.play_bot(table_id=table_id, version=version)


@shared_task(name="games.tournament_due", ignore_result=True)
@on_a_live_connection
def tournament_due(*, tournament_id: int) -> bool:
    """A deadline of ``tournament_id`` has come: its start, its next level or its next round."""
    return tournaments.act_on_tournament(tournament_id=tournament_id)


@shared_task(name="games.sweep", ignore_result=True)
@on_a_live_connection
def sweep() -> dict[str, int]:
    """Act on every deadline, bot move, deal, absence and idle table that is due, then say when
    (``/healthz`` reads it to tell whether the worker is alive)."""
    done = housekeeping.sweep()
    record_sweep()
    return done
