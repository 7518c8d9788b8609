"""Two daphne processes on different ports share PostgreSQL and Redis: players connected to
different processes play a whole Rummy 70 hand together, each seeing every move. Needs
``DATABASE_URL`` and ``REDIS_URL`` to name real services; run by .ci/run with ``-m services``."""

import asyncio
import os

import pytest
from channels.db import database_sync_to_async
from websockets.asyncio.client import ClientConnection

from games.models import Hand, User
from tests.support.matches import bot_fields, start_match, version_of
from tests.support.servers import (
    RECEIVE_SECONDS,
    daphne,
    free_port,
    open_table_socket,
    read_until,
    send_move,
    session_cookie,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

MOVE_LIMIT = 400
BUDGET_PAUSE = 1.0


def hands_played(table_id: int) -> int:
    return Hand.objects.filter(table_id=table_id).count()


async def test_players_on_two_servers_play_a_hand_together(ana: User, bruno: User) -> None:
    assert os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"), (
        "this test needs DATABASE_URL (PostgreSQL) and REDIS_URL"
    )
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    sessions = {
        user.pk: await database_sync_to_async(session_cookie)(user) for user in (ana, bruno)
    }
    ports = {ana.pk: free_port(), bruno.pk: free_port()}

    with daphne(ports[ana.pk]), daphne(ports[bruno.pk]):
        sockets = {
            user_id: await open_table_socket(ports[user_id], table.pk, sessions[user_id])
            for user_id in (ana.pk, bruno.pk)
        }
        last: dict[int, str] = {}
        try:
            for websocket in sockets.values():
                await read_until(websocket, 'id="game-area"')
            for _ in range(MOVE_LIMIT):
                if await database_sync_to_async(hands_played)(table.pk):
                    break
                mover, fields = await database_sync_to_async(bot_fields)(table)
                version = await database_sync_to_async(version_of)(table)
                shown = f'data-version="{version + 1}"'
                await send_move(sockets[mover.pk], table.pk, version, **fields)
                # The mover's socket answers a refusal, or the move's frame (after clearing the
                # flood refusal it showed, if any).
                reply = await read_until_either(sockets[mover.pk], shown, "Too many messages")
                if "Too many messages" in reply:  # the socket's flood budget: wait, then again
                    await asyncio.sleep(BUDGET_PAUSE)
                    continue
                assert shown in reply, reply
                last[mover.pk] = reply
                for user_id, websocket in sockets.items():
                    if user_id != mover.pk:
                        last[user_id] = await read_until(websocket, shown)
        finally:
            for websocket in sockets.values():
                await websocket.close()

    assert await database_sync_to_async(hands_played)(table.pk) == 1
    for frame in last.values():
        assert "End of the hand" in frame


async def read_until_either(websocket: ClientConnection, *texts: str) -> str:
    """Read frames until one holds any of ``texts``."""
    async with asyncio.timeout(RECEIVE_SECONDS):
        while True:
            frame = await websocket.recv()
            assert isinstance(frame, str)
            if any(text in frame for text in texts):
                return frame
