"""The process's heartbeat: every open table socket of the process is kept present by one
statement per interval; a closed socket is no longer refreshed and its player, once stale, is sat
out; a user with two tabs stays present while one is open; a process (an event loop) that stops
leaves its sockets' rows to go stale while another one keeps its own sockets present."""

import asyncio
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.live.heartbeats import HEARTBEATS
from games.models import Presence, Seat, Table, User
from games.tables import presence
from tests.support.live import RUMMY_DEAL, close_all, table_socket
from tests.support.matches import start_match
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

BEAT = 0.1
WAIT_SECONDS = 5.0


@dataclass(frozen=True)
class Write:
    """One call of the heartbeat's write: the rows it was given, the statements it ran, the rows
    it refreshed."""

    ids: list[int]
    statements: int
    refreshed: int


@pytest.fixture
def writes() -> Iterator[list[Write]]:
    """Every heartbeat write of the test, run as the real one and recorded."""
    recorded: list[Write] = []
    real = presence.still_here

    def recording(ids: list[int], *, now: datetime | None = None) -> int:
        with CaptureQueriesContext(connection) as queries:
            refreshed = real(ids, now=now)
        recorded.append(Write(list(ids), len(queries.captured_queries), refreshed))
        return refreshed

    with mock.patch("games.tables.presence.still_here", recording):
        yield recorded


def rummy_match(ana: User, bruno: User) -> Table:
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        return start_match([ana, bruno], seat_count=2)


@database_sync_to_async
def row(table: Table, user: User) -> Presence:
    return Presence.objects.get(table=table, user=user)


@database_sync_to_async
def sit_out_absent(table: Table, *, now: datetime) -> bool:
    return presence.sit_out_absent(table_id=table.pk, now=now)


@database_sync_to_async
def sat_out(table: Table, user: User) -> bool:
    return Seat.objects.get(table=table, user=user).sat_out


async def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, "the heartbeat did not come"
        await asyncio.sleep(BEAT / 4)


async def refreshed_after(table: Table, user: User, seen: datetime) -> datetime:
    """Wait until the heartbeat moves the user's ``last_seen`` past ``seen``."""
    deadline = time.monotonic() + WAIT_SECONDS
    while (latest := (await row(table, user)).last_seen) <= seen:
        assert time.monotonic() < deadline, "the heartbeat did not refresh the presence"
        await asyncio.sleep(BEAT / 4)
    return latest


@override_settings(CARDROOM_HEARTBEAT_SECONDS=BEAT)
async def test_every_open_socket_is_kept_present_by_one_statement(
    ana: User, bruno: User, carmen: User, writes: list[Write]
) -> None:
    match = await database_sync_to_async(rummy_match)(ana, bruno)
    waiting = await database_sync_to_async(open_table)(carmen)
    sockets = [await table_socket(match, ana), await table_socket(waiting, carmen)]
    rows = [await row(match, ana), await row(waiting, carmen)]
    ids = sorted(found.pk for found in rows)
    assert HEARTBEATS.presence_ids() == ids
    started, first = time.monotonic(), len(writes)

    await until(lambda: len(writes) >= first + 3)

    # (a write already under way when the second socket came may hold the first one only)
    beats = writes[first + 1 :]
    assert all(write == Write(ids, statements=1, refreshed=2) for write in beats), writes
    assert len(writes) - first <= (time.monotonic() - started) / BEAT + 1, "one per interval"
    assert (await row(match, ana)).last_seen > rows[0].last_seen
    assert (await row(waiting, carmen)).last_seen > rows[1].last_seen
    await close_all(*sockets)
    assert HEARTBEATS.presence_ids() == []


@override_settings(CARDROOM_HEARTBEAT_SECONDS=BEAT)
async def test_a_closed_socket_is_no_longer_refreshed_and_its_player_is_sat_out(
    ana: User, bruno: User, writes: list[Write]
) -> None:
    table = await database_sync_to_async(rummy_match)(ana, bruno)
    ana_socket = await table_socket(table, ana)
    bruno_socket = await table_socket(table, bruno)
    ana_row = await row(table, ana)

    await ana_socket.disconnect()
    left = (await row(table, ana)).last_seen
    bruno_id = (await row(table, bruno)).pk
    assert HEARTBEATS.presence_ids() == [bruno_id]
    await until(lambda: sum(write.ids == [bruno_id] for write in writes) >= 2)

    assert ana_row.pk not in HEARTBEATS.presence_ids()
    gone = await row(table, ana)
    assert gone.last_seen == left and gone.connections == 0
    assert not presence.is_here(gone, now=timezone.now())
    grace = timedelta(seconds=settings.CARDROOM_SIT_OUT_SECONDS)
    assert await sit_out_absent(table, now=left + grace + timedelta(seconds=1))
    assert await sat_out(table, ana), "Ana's turn, and she has been away for the grace period"
    assert not await sat_out(table, bruno)
    await bruno_socket.disconnect()


@override_settings(CARDROOM_HEARTBEAT_SECONDS=BEAT)
async def test_closing_one_of_two_tabs_keeps_him_present(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(rummy_match)(ana, bruno)
    first = await table_socket(table, ana)
    second = await table_socket(table, ana)
    shared = await row(table, ana)
    assert shared.connections == 2 and HEARTBEATS.presence_ids() == [shared.pk]

    await first.disconnect()
    seen = (await row(table, ana)).last_seen
    await refreshed_after(table, ana, seen)

    still = await row(table, ana)
    assert still.connections == 1 and HEARTBEATS.presence_ids() == [shared.pk]
    assert presence.is_here(still, now=timezone.now())
    await second.disconnect()
    assert HEARTBEATS.presence_ids() == []
    assert (await row(table, ana)).connections == 0


@override_settings(CARDROOM_HEARTBEAT_SECONDS=BEAT)
def test_a_process_that_stops_leaves_its_rows_to_go_stale(
    ana: User, bruno: User, writes: list[Write]
) -> None:
    """Each ``asyncio.run`` stands for a server process: the first one stops with Ana's socket
    open (nobody counts her out), the second one keeps only Bruno's socket present."""
    table = rummy_match(ana, bruno)

    async def open_and_stop() -> int:
        await table_socket(table, ana)
        await until(lambda: len(writes) >= 1)
        return HEARTBEATS.presence_ids()[0]

    async def watch_for_a_while() -> int:
        socket = await table_socket(table, bruno)
        [bruno_id] = HEARTBEATS.presence_ids()
        await until(lambda: sum(bruno_id in write.ids for write in writes) >= 3)
        await socket.disconnect()
        return bruno_id

    ana_id = asyncio.run(open_and_stop())
    stopped = Presence.objects.get(pk=ana_id)
    bruno_id = asyncio.run(watch_for_a_while())

    assert writes[0].ids == [ana_id]
    later = [write for write in writes if bruno_id in write.ids]
    assert len(later) >= 3 and all(write.ids == [bruno_id] for write in later)
    dead = Presence.objects.get(pk=ana_id)
    assert dead.connections == 1 and dead.last_seen == stopped.last_seen
    stale = timedelta(seconds=settings.CARDROOM_PRESENCE_STALE_SECONDS)
    assert not presence.is_here(dead, now=dead.last_seen + stale + timedelta(seconds=1))
    grace = timedelta(seconds=settings.CARDROOM_SIT_OUT_SECONDS)
    assert presence.sit_out_absent(table_id=table.pk, now=dead.last_seen + grace * 2)
    assert Seat.objects.get(table=table, user=ana).sat_out


async def test_the_beating_starts_with_the_first_socket_and_ends_with_the_last() -> None:
    HEARTBEATS.add(7)
    HEARTBEATS.add(7)
    HEARTBEATS.add(3)
    assert HEARTBEATS.presence_ids() == [3, 7]
    tasks = {task for task in asyncio.all_tasks() if task.get_name() == "cardroom-heartbeat"}
    assert len(tasks) == 1, "one task for all the sockets"
    HEARTBEATS.discard(7)
    HEARTBEATS.discard(3)
    assert HEARTBEATS.presence_ids() == [7]
    HEARTBEATS.discard(7)
    HEARTBEATS.discard(7)
    assert HEARTBEATS.presence_ids() == []
    await asyncio.sleep(0)
    assert all(task.done() for task in tasks)
