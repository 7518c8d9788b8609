"""The Celery application: time-driven work (turn clocks, bots, clean-up) through the services.

A worker keeps its database connection from task to task, as daphne keeps one from request to
request: before and after each task Django's own rule applies (``CONN_MAX_AGE``; a connection
left in a failed state is dropped), and before each task a connection the database has cut
(a restart, an idle timeout) is dropped too, so the task opens a new one instead of failing.
Celery's own rule, without ``CELERY_DB_REUSE_MAX`` (settings), closes the connection around
every task: each bot move and each clock opened a new PostgreSQL session, a server process
forked and set up every time, about a quarter of the CPU of a house table's coup
(docs/performance.md, eleventh pass).

A cut can also come while a task runs, after that check: the task then runs once more on a new
connection (``on_a_live_connection``), which is safe since every task is safe to run twice
(games/tasks.py)."""

import os
from collections.abc import Callable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from celery import Celery
from celery.signals import task_postrun, task_prerun
from django.db import (
    DEFAULT_DB_ALIAS,
    InterfaceError,
    OperationalError,
    close_old_connections,
    connections,
)

import cardroom.broker  # noqa: F401  (the embedded broker's scheme, cardroomfs://)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")

app = Celery("cardroom")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


Params = ParamSpec("Params")
Result = TypeVar("Result")


@task_prerun.connect
def connections_ready_for_a_task(**_signal: Any) -> None:
    close_old_connections()
    for connection in connections.all(initialized_only=True):
        if connection.connection is not None and not connection.is_usable():
            connection.close()


@task_postrun.connect
def connections_kept_after_a_task(**_signal: Any) -> None:
    close_old_connections()


def on_a_live_connection(task: Callable[Params, Result]) -> Callable[Params, Result]:
    """``task``, on a connection open when it starts, and run once more on a new one when the
    database cut that connection while it ran: after a database error, Django has dropped it (a
    rollback that failed) or it no longer answers. Any other database error is the task's own,
    and is raised."""

    @wraps(task)
    def run(*args: Params.args, **kwargs: Params.kwargs) -> Result:
        connection = connections[DEFAULT_DB_ALIAS]
        connection.ensure_connection()
        try:
            return task(*args, **kwargs)
        except (OperationalError, InterfaceError):
            if connection.connection is not None and connection.is_usable():
                raise
            connection.close()
            return task(*args, **kwargs)

    return run
