"""A socket's message reaches its handler at once, on the event loop: it does not first wait for
the one thread that every thread-sensitive call of the process shares (Channels' consumers close
old database connections there before each message; the site's close them in the thread that
uses them, games.live.dispatching)."""

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async

from games.models import User
from tests.support.live import (
    close_all,
    current_version,
    move_count,
    rummy_table,
    send_move,
    table_socket,
)
from tests.support.sockets import receive_until

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]


async def test_a_move_is_made_while_the_shared_thread_is_busy(ana: User, bruno: User) -> None:
    """The thread is held by other work (here a wait) until the move's frame has come."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    version = await current_version(table)
    release = threading.Event()
    busy = asyncio.ensure_future(sync_to_async(release.wait, thread_sensitive=True)())
    try:
        await send_move(tab, table, move="draw", version=version)
        frame = await receive_until(tab, f'data-version="{version + 1}"')
        assert not busy.done()
    finally:
        release.set()
        await busy
    assert 'id="table-message"' not in frame
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab)
