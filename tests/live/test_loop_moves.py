"""A move a socket sends at a friends' table is made on its process's event loop and written in its
one statement through the process's own connection (``games.tables.loop_moves``): no worker
thread takes part. A statement that cannot be written there leaves the move to the worker thread,
which makes it as before."""

from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection

from games.live import consumers
from games.models import User
from games.tables.loop_moves import APPLICATION_NAME
from tests.support.live import (
    FIRST_DRAW,
    close_all,
    current_version,
    move_count,
    rummy_table,
    send_move,
    table_socket,
)
from tests.support.sockets import receive_until

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="only PostgreSQL writes a move in one statement"
    ),
]


def threads_made_moves(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The moves a worker thread is asked to make, from now on."""
    made: list[str] = []
    real = consumers.run_table_command

    def recorded(command: Any, **kwargs: Any) -> Any:
        made.append(str(command.fields.get("move")))
        return real(command, **kwargs)

    monkeypatch.setattr(consumers, "run_table_command", recorded)
    return made


def cut_the_loop_s_connection() -> None:
    """What a database restart does to the loop's connection: the server ends its session."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND application_name = %s",
            [APPLICATION_NAME],
        )
        assert cursor.fetchone() is not None, "the loop had a connection"


async def test_a_move_is_made_on_the_event_loop_and_each_seat_sees_it_as_he_may(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    version = await current_version(table) + 1
    in_threads = threads_made_moves(monkeypatch)

    await send_move(tab, table, move="draw")

    assert FIRST_DRAW in await receive_until(tab, f'data-version="{version}"')
    assert FIRST_DRAW not in await receive_until(opponent, f'data-version="{version}"')
    assert in_threads == [], "no worker thread made the move"
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab, opponent)


async def test_a_move_the_loop_cannot_write_is_made_in_a_worker_thread_and_the_next_on_the_loop(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana draws on the loop; then the database drops the loop's connection. Her discard's
    statement fails there, so a worker thread makes it; her next draw, a turn later, is made on
    the loop again, on a new connection."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    version = await current_version(table)
    in_threads = threads_made_moves(monkeypatch)
    await send_move(tab, table, move="draw")
    await receive_until(tab, f'data-version="{version + 1}"')
    await database_sync_to_async(cut_the_loop_s_connection)()

    await send_move(tab, table, move="discard", card=FIRST_DRAW)

    await receive_until(tab, f'data-version="{version + 2}"')
    await receive_until(opponent, f'data-version="{version + 2}"')
    assert in_threads == ["discard"]
    assert await database_sync_to_async(move_count)(table) == 2
    await send_move(opponent, table, move="draw")
    await receive_until(tab, f'data-version="{version + 3}"')
    assert in_threads == ["discard"], "the loop has a connection again"
    await close_all(tab, opponent)
