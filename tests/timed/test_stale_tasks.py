"""A clock's or a bot's task for a version the table has left (most of them: a turn mostly ends
before its clock, and a table moves on before a bot's task runs) finds so without the table's
lock: it never makes a player's move wait, however long that move holds the table."""

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from games.models import Game, Table, User
from games.timed.bots import play_bot
from games.timed.clocks import enforce_deadline
from tests.support.matches import start_match, version_of
from tests.timed.test_bots import bot_table

pytestmark = pytest.mark.django_db(transaction=True)

HELD_SECONDS = 3.0
LATER = timedelta(minutes=10)


@contextmanager
def table_held(table: Table) -> Iterator[None]:
    """Another thread holds the table's row locked (a player's move being written) until the
    block ends, or for HELD_SECONDS at most."""
    locked, done = threading.Event(), threading.Event()

    def hold() -> None:
        try:
            with transaction.atomic():
                Table.objects.select_for_update().get(pk=table.pk)
                locked.set()
                done.wait(HELD_SECONDS)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    assert locked.wait(5)
    try:
        yield
    finally:
        done.set()
        holder.join()


def answered_at_once(call: Callable[[], bool]) -> bool:
    started = time.monotonic()
    answer = call()
    assert time.monotonic() - started < HELD_SECONDS / 3, "it waited for the table"
    return answer


def test_a_clock_replaced_by_a_newer_one_does_not_wait_for_the_table(
    ana: User, bruno: User
) -> None:
    table = start_match([ana, bruno], seat_count=2, clock=30)
    stale = version_of(table) - 1
    with table_held(table):
        assert not answered_at_once(
            lambda: enforce_deadline(table_id=table.pk, version=stale, now=timezone.now() + LATER)
        )
    game = Game.objects.get(table=table)
    assert game.deadline_version == version_of(table)
    due = version_of(table)
    assert enforce_deadline(table_id=table.pk, version=due, now=timezone.now() + LATER)


def test_a_bots_task_for_a_version_the_table_has_left_does_not_wait_for_the_table(
    ana: User,
) -> None:
    table = bot_table(ana, "golfo", 4)
    stale = version_of(table) - 1
    with table_held(table):
        assert not answered_at_once(
            lambda: play_bot(table_id=table.pk, version=stale, now=timezone.now() + LATER)
        )
    assert play_bot(table_id=table.pk, version=version_of(table), now=timezone.now() + LATER)
