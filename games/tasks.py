"""Celery tasks: each calls one service and nothing else. Every task is safe to run late, early
or twice: the services check the table's version and the due time stored in the database."""

from celery import shared_task

from games import bots, clocks, housekeeping


@shared_task(name="games.enforce_deadline", ignore_result=True)
def enforce_deadline(*, table_id: int, version: int) -> bool:
    """The turn clock of ``table_id`` at ``version`` has run out: play the default move."""
    return clocks.enforce_deadline(table_id=table_id, version=version)


@shared_task(name="games.play_bot", ignore_result=True)
def play_bot(*, table_id: int, version: int) -> bool:
    """A bot's move at ``table_id``, due at ``version``."""
    return bots.play_bot(table_id=table_id, version=version)


@shared_task(name="games.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """Act on every deadline, bot move, deal, absence and idle table that is due."""
    return housekeeping.sweep()
