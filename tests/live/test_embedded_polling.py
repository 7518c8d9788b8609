"""The embedded set-up (no Redis): the Celery worker runs in its own process, so its moves (turn
clocks, bots, the sweep) cannot nudge daphne's sockets through the in-memory channel layer. The
sockets look at the table's version themselves, and the players still see those moves."""

from unittest import mock

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.test import override_settings

from games.engine import rummy
from games.models import Table, User
from games.tables.play import play_action
from tests.support.live import FIRST_DRAW, RUMMY_DEAL, close_all, current_version, table_socket
from tests.support.matches import start_match
from tests.support.sockets import QUIET_SECONDS, open_socket, receive_until
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)


def in_another_process():
    """Changes made while this is active nudge nobody, as in the worker's own process."""
    return mock.patch("games.tables.broadcasts._send")


def test_polling_is_on_without_redis_only() -> None:
    assert (settings.CARDROOM_VERSION_POLL_SECONDS is None) == bool(settings.REDIS_URL)


@override_settings(CARDROOM_VERSION_POLL_SECONDS=0.1)
async def test_a_move_made_by_another_process_reaches_every_socket(
    ana: User, bruno: User, carmen: User
) -> None:
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    sockets = [await table_socket(table, user) for user in (ana, bruno, carmen)]
    version = await current_version(table)

    with in_another_process():
        await database_sync_to_async(play_action)(
            table_id=table.pk, user=ana, version=version, action=rummy.action_to_json(rummy.Draw())
        )

    shown = f'data-version="{version + 1}"'
    frames = [await receive_until(socket, shown) for socket in sockets]
    assert FIRST_DRAW in frames[0]
    assert all(FIRST_DRAW not in frame for frame in frames[1:])
    await close_all(*sockets)


@override_settings(CARDROOM_VERSION_POLL_SECONDS=0.1)
async def test_a_table_opened_by_another_process_shows_in_the_lobby(ana: User) -> None:
    lobby, connected = await open_socket("/ws/lobby/", user=ana)
    assert connected
    await receive_until(lobby, 'id="lobby-tables"')

    with in_another_process():
        table: Table = await database_sync_to_async(open_table)(ana)

    assert f'data-table-id="{table.pk}"' in await receive_until(lobby, "data-table-id")
    await lobby.disconnect()


@override_settings(CARDROOM_VERSION_POLL_SECONDS=0.1)
async def test_a_lobby_sent_on_a_nudge_is_not_sent_again_by_the_next_look(ana: User) -> None:
    lobby, connected = await open_socket("/ws/lobby/", user=ana)
    assert connected
    await receive_until(lobby, 'id="lobby-tables"')

    table: Table = await database_sync_to_async(open_table)(ana)

    assert f'data-table-id="{table.pk}"' in await receive_until(lobby, "data-table-id")
    assert await lobby.receive_nothing(timeout=max(QUIET_SECONDS, 0.5))
    await lobby.disconnect()
