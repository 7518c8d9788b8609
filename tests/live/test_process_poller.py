"""The embedded set-up's poll of the database is the process's, not each socket's: with N sockets
on M tables one poll costs the same few queries whatever N is, and a version changed by another
process (the Celery worker updates the database, nudging nobody here) still reaches every socket
of that table, and only those."""

from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db.backends.utils import CursorWrapper
from django.db.models import F
from django.test import override_settings

from games.live.polling import POLLER
from games.models import Table, User
from tests.support.live import close_all, table_socket
from tests.support.sockets import QUIET_SECONDS, open_socket, receive_until
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

TABLES = 3


@pytest.fixture
def queries(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every SQL statement run from now on, from any thread."""
    seen: list[str] = []
    execute = CursorWrapper._execute

    def counted(self: CursorWrapper, sql: str, *args: Any, **kwargs: Any) -> Any:
        seen.append(sql)
        return execute(self, sql, *args, **kwargs)

    monkeypatch.setattr(CursorWrapper, "_execute", counted)
    yield seen


def open_tables(host: User) -> list[Table]:
    return [open_table(host) for _ in range(TABLES)]


async def sockets_on(tables: list[Table], count: int) -> list[tuple[Table, WebsocketCommunicator]]:
    return [
        (tables[n % len(tables)], await table_socket(tables[n % len(tables)])) for n in range(count)
    ]


async def queries_of_one_quiet_poll(queries: list[str]) -> int:
    await POLLER.poll_once()  # the marks the sockets registered are read once
    before = len(queries)
    await POLLER.poll_once()
    return len(queries) - before


@override_settings(CARDROOM_VERSION_POLL_SECONDS=3600)
async def test_one_poll_costs_the_same_few_queries_for_3_or_12_sockets(
    ana: User, queries: list[str]
) -> None:
    tables = await database_sync_to_async(open_tables)(ana)
    lobby, connected = await open_socket("/ws/lobby/")
    assert connected
    few = await sockets_on(tables, 3)
    with_few = await queries_of_one_quiet_poll(queries)
    many = few + await sockets_on(tables, 9)
    with_many = await queries_of_one_quiet_poll(queries)

    assert POLLER.watched_tables() == sorted(table.pk for table in tables)
    assert with_few == with_many == 2  # the watched tables' marks, the lobby's mark
    await close_all(lobby, *(socket for _table, socket in many))


@override_settings(CARDROOM_VERSION_POLL_SECONDS=3600)
async def test_a_version_changed_by_another_process_reaches_every_socket_of_that_table(
    ana: User,
) -> None:
    tables = await database_sync_to_async(open_tables)(ana)
    sockets = await sockets_on(tables, 9)
    changed = tables[1]
    new_version = changed.version + 1

    await database_sync_to_async(Table.objects.filter(pk=changed.pk).update)(
        version=F("version") + 1
    )
    await POLLER.poll_once()

    shown = f'data-version="{new_version}"'
    for table, socket in sockets:
        if table.pk == changed.pk:
            assert shown in await receive_until(socket, 'id="table-version"')
        else:
            assert await socket.receive_nothing(timeout=QUIET_SECONDS)
    await close_all(*(socket for _table, socket in sockets))
    assert POLLER.watched_tables() == []


@override_settings(CARDROOM_VERSION_POLL_SECONDS=3600)
async def test_the_sockets_of_a_table_deleted_elsewhere_are_closed(ana: User) -> None:
    tables = await database_sync_to_async(open_tables)(ana)
    sockets = await sockets_on(tables[:1], 2)

    await database_sync_to_async(Table.objects.filter(pk=tables[0].pk).delete)()
    await POLLER.poll_once()

    for _table, socket in sockets:
        assert (await socket.receive_output(timeout=5))["type"] == "websocket.close"
    await close_all(*(socket for _table, socket in sockets))
    assert POLLER.watched_tables() == []
