"""A Celery task whose database connection is cut while it runs (a restart, an administrator,
a proxy's idle timeout) runs once more on a new connection: the bot still moves once, the idle
table is still closed, and the worker logs no failure. Any other database error stays the
task's own. The cut is PostgreSQL's ``pg_terminate_backend``, as in the services suite."""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.db import OperationalError, connection, connections
from django.test import override_settings
from django.utils import timezone

from games import tasks
from games.models import Action, Table, User
from games.tables import seating
from games.timed import bots, housekeeping
from tests.support.live import RUMMY_DEAL
from tests.support.matches import match_of, version_of
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="only PostgreSQL can cut a session"
)


def cut_this_connection() -> None:
    """The database ends this thread's session from another one, and waits until it has."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    other = connections.create_connection("default")
    try:
        with other.cursor() as cursor:
            cursor.execute("SELECT pg_terminate_backend(%s, 5000)", [pid])
    finally:
        other.close()


def cut_on_the_first_run(service: Callable[..., Any]) -> tuple[Callable[..., Any], list[int]]:
    """``service``, whose first run finds its connection cut; and the list of its runs."""
    runs: list[int] = []

    def run(**kwargs: Any) -> Any:
        runs.append(len(runs) + 1)
        if len(runs) == 1:
            cut_this_connection()
        return service(**kwargs)

    return run, runs


@on_postgresql
def test_a_bot_whose_connection_is_cut_mid_move_still_moves_once(
    ana: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    with override_settings(
        CARDROOM_DEALS={"rummy70": {**RUMMY_DEAL, "dealer": 0}}, CARDROOM_BOT_DELAY=(0.0, 0.0)
    ):
        table = open_table(ana, game="rummy70", seat_count=2)
        seating.fill_with_bots(table_id=table.pk, by=ana)
        table = seating.start_table(table_id=table.pk, by=ana)
    game, _kind, state = match_of(table)
    assert state.turn == 1
    cut_play, runs = cut_on_the_first_run(bots.play_bot)
    monkeypatch.setattr(bots, "play_bot", cut_play)

    result = tasks.play_bot.apply(kwargs={"table_id": table.pk, "version": version_of(table)})

    assert result.successful() and result.get() is True
    assert runs == [1, 2]
    assert Action.objects.filter(game=game, seat=1).count() == 1


@on_postgresql
@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=600)
def test_a_sweep_whose_connection_is_cut_still_closes_the_idle_table(
    ana: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    idle = open_table(ana)
    Table.objects.filter(pk=idle.pk).update(created_at=timezone.now() - timedelta(seconds=601))
    cut_sweep, runs = cut_on_the_first_run(housekeeping.sweep)
    monkeypatch.setattr(housekeeping, "sweep", cut_sweep)

    result = tasks.sweep.apply()

    assert result.successful() and result.get()["closed"] == 1
    assert runs == [1, 2]
    assert Table.objects.get(pk=idle.pk).status == Table.Status.FINISHED


def test_a_database_error_that_cut_nothing_is_the_task_s_own(
    ana: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs: list[int] = []

    def refused(**_kwargs: Any) -> dict[str, int]:
        runs.append(1)
        raise OperationalError("deadlock detected")

    monkeypatch.setattr(housekeeping, "sweep", refused)

    result = tasks.sweep.apply()

    assert result.failed() and isinstance(result.result, OperationalError)
    assert runs == [1]
