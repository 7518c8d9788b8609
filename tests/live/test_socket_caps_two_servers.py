"""The cap on one user's open sockets holds across daphne processes: with Redis as the cache they
count in one place, so sockets split over two servers meet the same cap (docs/security.md). Needs
``DATABASE_URL`` and ``REDIS_URL``; run by .ci/run with ``-m services``."""

import os

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosedOK

from games.models import User
from tests.support.servers import RECEIVE_SECONDS, daphne, free_port, read_until, session_cookie

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def lobby_socket(port: int, session: str) -> connect:
    """A lobby websocket on the server at ``port``, signed in with ``session``."""
    return connect(
        f"ws://127.0.0.1:{port}/ws/lobby/",
        origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
        additional_headers={
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; "
            f"{settings.LANGUAGE_COOKIE_NAME}=en"
        },
        proxy=None,
        open_timeout=RECEIVE_SECONDS,
    )


async def test_one_users_sockets_on_two_servers_meet_one_cap(ana: User) -> None:
    assert os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"), (
        "this test needs DATABASE_URL (PostgreSQL) and REDIS_URL"
    )
    session = await database_sync_to_async(session_cookie)(ana)
    cap = settings.CARDROOM_SOCKETS_PER_USER
    ports = [free_port(), free_port()]
    with daphne(ports[0]), daphne(ports[1]):
        opened: list[ClientConnection] = []
        try:
            for number in range(cap):
                websocket = await lobby_socket(ports[number % 2], session)
                opened.append(websocket)
                await read_until(websocket, 'id="lobby-tables"')
            for port in ports:
                refused = await lobby_socket(port, session)
                frame = await read_until(refused, 'id="lobby-refusal"')
                assert "You have too many tables and lobbies open." in frame
                with pytest.raises(ConnectionClosedOK):
                    await refused.recv()
                assert refused.close_code == 1000
            await opened.pop().close()
            again = await lobby_socket(ports[0], session)
            opened.append(again)
            frame = await read_until(again, 'id="lobby-tables"')
            assert "lobby-refusal" not in frame
        finally:
            for websocket in opened:
                await websocket.close()
