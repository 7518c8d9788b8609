"""While a move's one statement is with the database, the sockets of its table in the same process
build their frames of the snapshot the move leads to (``ViewerFrames.prepare``): once it commits,
each frame is only put together. A frame built so is the frame the viewer would have been sent
anyway, and one built for a move that was not written is never sent."""

import asyncio
import math
import threading
import time
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection
from django.test import override_settings

from games.live import frames as frames_module
from games.live import neighbours, part_cache
from games.live.frames import ViewerFrames
from games.models import Table, User
from games.tables import broadcasts, play, snapshot_moves, snapshots
from games.tables.snapshots import read_snapshot
from tests.support.live import (
    FIRST_DRAW,
    close_all,
    current_version,
    everything_until_quiet,
    rummy_table,
    send_move,
    table_socket,
)
from tests.support.sockets import QUIET_SECONDS, receive_until

pytestmark = pytest.mark.django_db(transaction=True)

BUSY_SECONDS = 0.5


def test_a_frame_built_ahead_is_the_frame_the_viewer_would_have_been_sent(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = rummy_table(ana, bruno)
    before = read_snapshot(table_id=table.pk)
    assert before is not None
    ahead = ViewerFrames(viewer=ana, granted_table_ids=(), language="en")
    plain = ViewerFrames(viewer=ana, granted_table_ids=(), language="en")
    assert ahead.frame(before) == plain.frame(before)
    play.play(table_id=table.pk, user=ana, version=before.version, fields={"move": "draw"})
    after = read_snapshot(table_id=table.pk, previous=before)
    assert after is not None

    ahead.prepare(after)
    rendered: list[str] = []
    real_render = part_cache.render_plain

    def counted(part: Any, language: str | None) -> str:
        rendered.append(part.template)
        return real_render(part, language)

    monkeypatch.setattr(part_cache, "render_plain", counted)
    shown = ahead.frame(after)

    assert rendered == [], "the frame of a prepared snapshot renders nothing more"
    assert shown == plain.frame(after)
    assert shown is not None and FIRST_DRAW in shown


def test_a_table_hidden_from_the_viewer_stays_hidden_when_built_ahead(
    ana: User, bruno: User, make_user: Any
) -> None:
    table = rummy_table(ana, bruno)
    table.visibility = Table.Visibility.PRIVATE
    table.save(update_fields=["visibility"])
    snapshot = read_snapshot(table_id=table.pk)
    assert snapshot is not None
    stranger = ViewerFrames(viewer=make_user("Carmen"), granted_table_ids=(), language="es")

    stranger.prepare(snapshot)

    assert stranger.frame(snapshot) is None


ONE_STATEMENT = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="only PostgreSQL writes a move in one statement"
)


def building_ahead_whatever_the_load(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test's loop may run late on a loaded machine, which would turn building ahead off (a
    test below covers that): here it stays on."""
    monkeypatch.setattr(neighbours, "SPARE_LAG_SECONDS", math.inf)


def recorded_preparations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The versions of the snapshots the sockets build their frames of ahead, from now on."""
    prepared: list[int] = []
    real_prepare = ViewerFrames.prepare

    def recorded(self: ViewerFrames, snapshot: snapshots.TableSnapshot) -> None:
        prepared.append(snapshot.version)
        real_prepare(self, snapshot)

    monkeypatch.setattr(frames_module.ViewerFrames, "prepare", recorded)
    return prepared


@ONE_STATEMENT
async def test_frames_built_ahead_show_each_viewer_only_what_he_may_see(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana draws; her socket, Bruno's and a spectator's build their frames of the draw while its
    statement is with the database: only Ana's shows the card she drew."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    spectator = await table_socket(table)
    version = await current_version(table) + 1
    building_ahead_whatever_the_load(monkeypatch)
    prepared = recorded_preparations(monkeypatch)

    await send_move(tab, table, move="draw")

    assert FIRST_DRAW in await receive_until(tab, f'data-version="{version}"')
    for other in (opponent, spectator):
        assert FIRST_DRAW not in await receive_until(other, f'data-version="{version}"')
    assert prepared == [version] * 3, "the three frames were built ahead"
    await close_all(tab, opponent, spectator)


@ONE_STATEMENT
@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)
async def test_a_frame_built_for_a_move_that_was_not_written_is_never_sent(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ana's two sockets show version ``seen``. Her other device (another process: nothing handed
    over here, its nudges lost) draws and discards; then this socket draws on ``seen``. Its frames
    of that draw were built while the statement was with the database, which wrote nothing: Ana
    is shown the table as it is, and Bruno nothing at all. The sockets do not poll the database
    (as with Redis): without Redis they would, and rightly show Bruno what the other device did."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    seen = await current_version(table)
    building_ahead_whatever_the_load(monkeypatch)
    prepared = recorded_preparations(monkeypatch)
    with monkeypatch.context() as elsewhere:
        elsewhere.setattr(broadcasts, "nudge_group", lambda group, message: False)
        for handing in ("coming", "hand_over_made", "hand_over"):
            elsewhere.setattr(snapshots.SNAPSHOTS, handing, lambda *args, **kwargs: None)
        for fields in ({"move": "draw"}, {"move": "discard", "card": FIRST_DRAW}):
            version = await current_version(table)
            await database_sync_to_async(play.play)(
                table_id=table.pk, user=ana, version=version, fields=fields
            )
    assert await tab.receive_nothing(timeout=QUIET_SECONDS)

    await send_move(tab, table, move="draw", version=seen)
    answer = await everything_until_quiet(tab, "Another move came first")

    assert len(prepared) >= 2 and set(prepared) == {seen + 1}, "both built their frame of it"
    assert f'data-version="{seen + 2}"' in answer, "the table as it is now"
    assert f'data-version="{seen + 1}"' not in answer
    assert await opponent.receive_nothing(timeout=QUIET_SECONDS)
    assert await current_version(table) == seen + 2
    await close_all(tab, opponent)


@ONE_STATEMENT
async def test_the_moves_thread_builds_the_frames_while_the_database_works(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The frames are built by the thread that sent the statement, without waking the event loop
    for them, and before the database's answer is read."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    version = await current_version(table) + 1
    building_ahead_whatever_the_load(monkeypatch)
    loop_thread = threading.get_ident()
    steps: list[tuple[str, int]] = []
    real_prepare, real_write = ViewerFrames.prepare, snapshot_moves._write

    def prepare(self: ViewerFrames, snapshot: snapshots.TableSnapshot) -> None:
        steps.append(("frame", threading.get_ident()))
        real_prepare(self, snapshot)

    def write(*args: Any, **kwargs: Any) -> bool:
        steps.append(("statement", threading.get_ident()))
        written = bool(real_write(*args, **kwargs))
        steps.append(("answered", threading.get_ident()))
        return written

    monkeypatch.setattr(frames_module.ViewerFrames, "prepare", prepare)
    monkeypatch.setattr(snapshot_moves, "_write", write)

    await send_move(tab, table, move="draw")

    assert FIRST_DRAW in await receive_until(tab, f'data-version="{version}"')
    assert FIRST_DRAW not in await receive_until(opponent, f'data-version="{version}"')
    assert [step for step, _thread in steps] == ["statement", "frame", "frame", "answered"]
    threads = {thread for _step, thread in steps}
    assert len(threads) == 1 and loop_thread not in threads
    await close_all(tab, opponent)


@ONE_STATEMENT
async def test_a_loop_that_wakes_a_millisecond_or_two_late_still_builds_the_frames_ahead(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An idle event loop runs its timers up to 2 ms late, since it waits for the next one in
    whole milliseconds: a loop that late on average has time to spare, and builds a move's frames
    while its statement is with the database."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    version = await current_version(table) + 1
    prepared = recorded_preparations(monkeypatch)
    ear = neighbours.NEIGHBOURS._ear
    assert ear is not None and ear.timing is not None
    ear.timing.cancel()
    ear.lag = 0.002

    await send_move(tab, table, move="draw")

    assert FIRST_DRAW in await receive_until(tab, f'data-version="{version}"')
    assert FIRST_DRAW not in await receive_until(opponent, f'data-version="{version}"')
    assert prepared == [version] * 2
    await close_all(tab, opponent)


@ONE_STATEMENT
async def test_a_busy_event_loop_builds_the_frames_once_the_move_is_written(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process's event loop is kept busy (it runs late by up to 50 ms): the frames of a move
    are not built ahead, and both players are shown the move all the same."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    version = await current_version(table) + 1
    prepared = recorded_preparations(monkeypatch)
    stop = asyncio.Event()

    async def keep_busy() -> None:
        while not stop.is_set():
            time.sleep(0.05)
            await asyncio.sleep(0)

    busy = asyncio.create_task(keep_busy())
    await asyncio.sleep(BUSY_SECONDS)
    try:
        await send_move(tab, table, move="draw")
        assert FIRST_DRAW in await receive_until(tab, f'data-version="{version}"')
        assert FIRST_DRAW not in await receive_until(opponent, f'data-version="{version}"')
    finally:
        stop.set()
        await busy
    assert prepared == []
    await close_all(tab, opponent)
