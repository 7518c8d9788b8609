"""The site's Redis channel layer (``cardroom.redis_layer``) sends a group's message in one round
trip while the group's members stay the same; a message must still reach exactly the members the
group has when it is sent: a socket of another process that joined a moment ago sees the move, a
socket that left gets nothing, a full channel does not stop the others. On the PostgreSQL and
Redis suite (``REDIS_URL``); each test has a key prefix of its own."""

import asyncio
import time
import uuid
from collections.abc import AsyncIterator
from typing import Any

import pytest
from django.conf import settings
from redis.asyncio.connection import ConnectionPool

from cardroom.redis_layer import RedisLayer

pytestmark = pytest.mark.skipif(not settings.REDIS_URL, reason="needs REDIS_URL (Redis)")

NUDGE = {"type": "table.changed", "table_id": 7, "version": 12}


def a_layer(prefix: str, **config: Any) -> RedisLayer:
    """A process's layer: each has channels of its own (``new_channel``)."""
    return RedisLayer(hosts=[settings.REDIS_URL], prefix=prefix, **config)


@pytest.fixture
async def prefix() -> AsyncIterator[str]:
    prefix = f"test-{uuid.uuid4().hex[:12]}"
    yield prefix
    await a_layer(prefix).flush()


async def received(layer: RedisLayer, channel: str) -> dict[str, Any] | None:
    """The next message on ``channel``, or ``None`` if none comes within half a second."""
    try:
        return dict(await asyncio.wait_for(layer.receive(channel), timeout=0.5))
    except TimeoutError:
        return None


async def test_a_group_message_reaches_the_channels_of_every_process(prefix: str) -> None:
    here, there = a_layer(prefix), a_layer(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table-7", mine)
    await there.group_add("table-7", theirs)
    for version in (12, 13):
        await here.group_send("table-7", {**NUDGE, "version": version})
    assert [await received(here, mine), await received(here, mine)] == [
        {**NUDGE, "version": 12},
        {**NUDGE, "version": 13},
    ]
    assert [await received(there, theirs), await received(there, theirs)] == [
        {**NUDGE, "version": 12},
        {**NUDGE, "version": 13},
    ]


async def test_a_channel_that_joined_since_the_last_message_gets_the_next(prefix: str) -> None:
    here, there = a_layer(prefix), a_layer(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table-7", mine)
    await here.group_send("table-7", NUDGE)
    assert await received(here, mine) == NUDGE
    await there.group_add("table-7", theirs)
    await here.group_send("table-7", {**NUDGE, "version": 13})
    assert await received(there, theirs) == {**NUDGE, "version": 13}
    assert await received(here, mine) == {**NUDGE, "version": 13}


async def test_a_channel_that_left_gets_nothing_more(prefix: str) -> None:
    here, there = a_layer(prefix), a_layer(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table-7", mine)
    await there.group_add("table-7", theirs)
    await here.group_send("table-7", NUDGE)
    assert await received(there, theirs) == NUDGE
    await there.group_discard("table-7", theirs)
    await here.group_send("table-7", {**NUDGE, "version": 13})
    assert await received(there, theirs) is None
    assert [await received(here, mine), await received(here, mine)] == [
        NUDGE,
        {**NUDGE, "version": 13},
    ]


async def test_an_expired_membership_gets_nothing(prefix: str) -> None:
    here, there = a_layer(prefix, group_expiry=60), a_layer(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel()
    await here.group_add("table-7", mine)
    await there.group_add("table-7", theirs)
    await here.group_send("table-7", NUDGE)
    joined_long_ago = time.time() - 3600
    await there.connection(0).zadd(here._group_key("table-7"), {theirs: joined_long_ago})
    await here.group_send("table-7", {**NUDGE, "version": 13})
    assert await received(there, theirs) == NUDGE
    assert await received(there, theirs) is None
    assert await received(here, mine) == NUDGE


async def test_a_full_channel_does_not_keep_the_message_from_the_others(prefix: str) -> None:
    here, there = a_layer(prefix, channel_capacity={"small.*": 1}), a_layer(prefix)
    mine, theirs = await here.new_channel(), await there.new_channel(prefix="small")
    await here.group_add("table-7", mine)
    await there.group_add("table-7", theirs)
    for version in (12, 13):
        await here.group_send("table-7", {**NUDGE, "version": version})
    assert await received(there, theirs) == NUDGE
    assert await received(there, theirs) is None
    assert [await received(here, mine), await received(here, mine)] == [
        NUDGE,
        {**NUDGE, "version": 13},
    ]


async def test_with_two_hosts_the_message_still_reaches_every_channel(prefix: str) -> None:
    """Sharded over two hosts (here two databases of one server), a group's members' channels may
    be kept apart from the group: the layer sends as channels_redis does."""
    hosts = [settings.REDIS_URL, settings.REDIS_URL.rsplit("/", 1)[0] + "/15"]
    here = RedisLayer(hosts=hosts, prefix=prefix)
    there = RedisLayer(hosts=hosts, prefix=prefix)
    channels = [await here.new_channel() for _ in range(4)]
    theirs = [await there.new_channel() for _ in range(4)]
    for channel in channels:
        await here.group_add("table-7", channel)
    for channel in theirs:
        await there.group_add("table-7", channel)
    await here.group_send("table-7", NUDGE)
    assert [await received(here, channel) for channel in channels] == [NUDGE] * 4
    assert [await received(there, channel) for channel in theirs] == [NUDGE] * 4
    await here.flush()


async def test_a_message_sent_elsewhere_reaches_every_process_but_the_senders(prefix: str) -> None:
    """A process's nudge of a move its own sockets show already: its channel is left out, every
    other member gets it, one that joined a moment ago too."""
    here, there, later = a_layer(prefix), a_layer(prefix), a_layer(prefix)
    mine, theirs, latest = (
        await here.new_channel(),
        await there.new_channel(),
        await later.new_channel(),
    )
    await here.group_add("table-7", mine)
    await there.group_add("table-7", theirs)
    await here.group_send_elsewhere("table-7", NUDGE, sender=mine)
    await later.group_add("table-7", latest)
    await here.group_send_elsewhere("table-7", {**NUDGE, "version": 13}, sender=mine)
    assert [await received(there, theirs), await received(there, theirs)] == [
        NUDGE,
        {**NUDGE, "version": 13},
    ]
    assert await received(later, latest) == {**NUDGE, "version": 13}
    assert await received(here, mine) is None


async def test_a_process_alone_in_the_group_sends_itself_nothing(prefix: str) -> None:
    here = a_layer(prefix)
    mine = await here.new_channel()
    await here.group_add("table-7", mine)
    await here.group_send_elsewhere("table-7", NUDGE, sender=mine)
    assert await received(here, mine) is None
    await here.group_send("table-7", {**NUDGE, "version": 13})
    assert await received(here, mine) == {**NUDGE, "version": 13}


async def test_a_burst_of_nudges_opens_its_connections_without_reading_redis_py_metadata(
    prefix: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A burst of moves opens a connection per nudge in flight. redis-py reads its own package
    metadata for each new connection (about 1 ms) to tell Redis its version, unless the layer's
    hosts say ``driver_info: None`` as the site's settings do (docs/performance.md)."""
    lookups: list[str] = []
    opened: list[object] = []
    make_connection = ConnectionPool.make_connection

    def lib_version() -> str:
        lookups.append("redis")
        return "0"

    def counted(pool: ConnectionPool) -> object:
        opened.append(make_connection(pool))
        return opened[-1]

    monkeypatch.setattr("redis.utils.get_lib_version", lib_version)
    monkeypatch.setattr(ConnectionPool, "make_connection", counted)
    (host,) = settings.CHANNEL_LAYERS["default"]["CONFIG"]["hosts"]
    here = RedisLayer(hosts=[host], prefix=prefix)
    mine = await here.new_channel()
    await here.group_add("table-7", mine)
    await asyncio.gather(*(here.group_send("table-7", {**NUDGE, "version": n}) for n in range(40)))
    versions = {(await received(here, mine) or {}).get("version") for _ in range(40)}
    assert versions == set(range(40))
    assert len(opened) > 1
    assert lookups == []
