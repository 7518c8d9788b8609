"""A move made through a socket shows at once on the other sockets of its table in the same
process, each as its own viewer may see it, without waiting for the channel layer's nudge to come
back (it still goes out, for the sockets of other processes). The process is one member of the
table's group however many sockets it has there, and hands what it hears to each of them."""

import asyncio
import logging

import pytest
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings
from django.test import override_settings

from games.live import neighbours
from games.live.neighbours import NEIGHBOURS
from games.models import Table, User
from games.tables.broadcasts import table_group
from games.tables.chat import post_message
from games.tables.play import play
from tests.support.live import (
    FIRST_DRAW,
    close_all,
    current_version,
    rummy_table,
    send_move,
    table_socket,
)
from tests.support.matches import version_of
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tables_not_nudged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The channel layer loses every nudge to a table's group."""
    layer = get_channel_layer()
    real = layer.group_send

    async def group_send(group: str, message: dict[str, object]) -> None:
        if not group.startswith("table-"):
            await real(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)


@pytest.mark.usefixtures("tables_not_nudged")
@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)  # no poller either: only the neighbours
async def test_a_move_shows_on_the_other_sockets_of_the_process_each_as_its_viewer_sees_it(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    spectator = await table_socket(table)

    version = await current_version(table) + 1

    await send_move(mover, table, move="draw")

    assert FIRST_DRAW in await receive_until(mover, f'data-version="{version}"')
    for other in (opponent, spectator):
        frame = await receive_until(other, f'data-version="{version}"')
        assert FIRST_DRAW not in frame, "nobody else sees the card Ana drew"
    for socket in (mover, opponent, spectator):
        await socket.disconnect()


@pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL (the Redis channel layer)")
@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_a_move_made_here_is_not_heard_back_by_the_process_that_made_it(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its sockets show the move already: its nudge goes to the other processes only (on the Redis
    layer, which can leave a member out; the in-memory one sends it to all)."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    heard: list[dict[str, object]] = []
    tell = NEIGHBOURS.tell
    monkeypatch.setattr(NEIGHBOURS, "tell", lambda nudge: (heard.append(nudge), tell(nudge)))
    version = await current_version(table) + 1

    await send_move(mover, table, move="draw")

    assert FIRST_DRAW in await receive_until(mover, f'data-version="{version}"')
    assert FIRST_DRAW not in await receive_until(opponent, f'data-version="{version}"')
    await asyncio.sleep(0.3)
    assert [nudge for nudge in heard if nudge.get("version") == version] == []
    await close_all(mover, opponent)


async def test_a_closed_socket_is_no_neighbour_of_the_next_move(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    gone = await table_socket(table, bruno)
    await gone.disconnect()
    version = await current_version(table) + 1

    await send_move(mover, table, move="draw")

    assert FIRST_DRAW in await receive_until(mover, f'data-version="{version}"')
    await mover.disconnect()
    assert not NEIGHBOURS.at(table.pk), "the process keeps no socket of the table once all closed"


async def group_members(group: str) -> int:
    """How many channels the channel layer (in memory, or Redis under .ci/run) holds in
    ``group``."""
    layer = get_channel_layer()
    if isinstance(layer, InMemoryChannelLayer):
        return len(layer.groups.get(group, {}))
    redis = layer.connection(layer.consistent_hash(group))
    return int(await redis.zcard(layer._group_key(group)))


def draw_from_elsewhere(table: Table, user: User) -> None:
    """Ana draws through the services, as a page or another process would: the sockets here
    hear of it only through the channel layer."""
    play(table_id=table.pk, user=user, version=version_of(table), fields={"move": "draw"})


@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_a_tables_sockets_in_a_process_are_one_member_of_its_group_and_all_hear_it(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    sockets = [await table_socket(table, ana), await table_socket(table, bruno)]
    sockets.append(await table_socket(table))
    assert await group_members(table_group(table.pk)) == 1
    version = await current_version(table) + 1

    await database_sync_to_async(draw_from_elsewhere)(table, ana)

    assert FIRST_DRAW in await receive_until(sockets[0], f'data-version="{version}"')
    for other in sockets[1:]:
        frame = await receive_until(other, f'data-version="{version}"')
        assert FIRST_DRAW not in frame, "nobody else sees the card Ana drew"
    await close_all(*sockets)
    assert await group_members(table_group(table.pk)) == 0, "the last socket took the process out"


@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_a_socket_opened_as_the_last_one_closes_still_hears_the_table(
    ana: User, bruno: User
) -> None:
    """The process leaving the group (its last socket closing) and joining it again (a new
    socket, a refresh of the page) come in order, whichever the channel layer answers first."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    leaving = await table_socket(table, bruno)

    _, coming = await asyncio.gather(leaving.disconnect(), table_socket(table, bruno))

    assert await group_members(table_group(table.pk)) == 1
    version = await current_version(table) + 1
    await database_sync_to_async(draw_from_elsewhere)(table, ana)
    await receive_until(coming, f'data-version="{version}"')
    await coming.disconnect()


@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_a_chat_line_from_elsewhere_reaches_every_socket_of_the_table(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    sockets = [await table_socket(table, ana), await table_socket(table, bruno)]

    await database_sync_to_async(post_message)(
        table_id=table.pk, user=ana, room="players", text="¡Suerte a todos!"
    )

    for socket in sockets:
        await receive_until(socket, "¡Suerte a todos!")
    await close_all(*sockets)


@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_the_process_hears_its_tables_again_after_a_read_of_its_channel_failed(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Redis restarting makes the process's read of its channel fail: that is logged, the read
    is tried again, and what comes next reaches the sockets as before."""
    monkeypatch.setattr(neighbours, "RETRY_SECONDS", 0.05)
    caplog.set_level(logging.WARNING, logger="games.live.neighbours")
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    watcher = await table_socket(table, bruno)
    layer = get_channel_layer()
    read = layer.receive
    failed: list[str] = []

    async def receive_failing_once(channel: str) -> dict[str, object]:
        if not failed:
            failed.append(channel)
            raise ConnectionError("Redis is restarting")
        return await read(channel)

    # The read under way when this is set is the real one: the next read is the one that fails.
    monkeypatch.setattr(layer, "receive", receive_failing_once)
    version = await current_version(table) + 1
    await database_sync_to_async(draw_from_elsewhere)(table, ana)
    await receive_until(watcher, f'data-version="{version}"')

    await database_sync_to_async(post_message)(
        table_id=table.pk, user=ana, room="players", text="¿Seguimos?"
    )
    await receive_until(watcher, "¿Seguimos?")
    assert failed, "a read of the process's channel failed"
    assert "The table nudges could not be read" in caplog.text
    await watcher.disconnect()
