"""A real Celery worker with its beat, against Redis and the test database (PostgreSQL under
.ci/run), next to a real daphne: a turn that runs out is played by the worker and every browser
sees it; tables of bots finish a Golfo hand and a Rummy 70 hand; a worker killed with SIGKILL in
the middle of a match and started again loses no timeout and plays no move twice; a worker keeps
one database connection from move to move, and plays on when the database cuts it. Run by
.ci/run with ``-m services``.

The turn clock is 30 s at the shortest; rather than wait for it, a test moves the stored deadline
a few seconds nearer, which is what the worker reads. The worker runs with a 1 s sweep, bots
moving 0.05-0.1 s after their turn, and a 1 s grace before an absent player is sat out."""

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.db import connection, connections, transaction
from django.test import override_settings
from django.utils import timezone
from websockets.asyncio.client import ClientConnection

from games.models import Action, Game, Hand, Table, TableNote, User
from games.tables import seating
from games.tables.history import replay_match
from tests.support.live import FIRST_DRAW, RUMMY_DEAL
from tests.support.matches import start_match, version_of
from tests.support.servers import (
    ROOT,
    daphne,
    free_port,
    open_table_socket,
    send_move,
    server_environment,
    session_cookie,
)
from tests.support.tables import open_table

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

WORKER_START_SECONDS = 30
HAND_SECONDS = 180
FAST_BOTS = {"CARDROOM_BOT_DELAY": "0.01,0.02"}
"""On top of WORKER_ENVIRONMENT, for tests that play many hands: bots move 0.01-0.02 s after a
change."""
WORKER_ENVIRONMENT = {
    "CARDROOM_SWEEP_SECONDS": "1",
    "CARDROOM_BOT_DELAY": "0.05,0.1",
    "CARDROOM_SIT_OUT_SECONDS": "1",
    "CELERY_VISIBILITY_TIMEOUT": "5",
}


@pytest.fixture(autouse=True)
async def real_services() -> AsyncIterator[None]:
    assert os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL"), (
        "these tests need DATABASE_URL (PostgreSQL) and REDIS_URL"
    )
    yield
    await database_sync_to_async(connections.close_all)()


@contextmanager
def celery_worker(
    folder: Path, settings: Mapping[str, str] | None = None, *, beat: bool = True
) -> Iterator[subprocess.Popen[bytes]]:
    """A Celery worker with an embedded beat (one process, ``--pool solo``), until the block ends
    or the test kills it; ``settings`` are environment variables on top of the usual ones, and
    ``beat=False`` starts a worker alone (beside one with the beat). Its log is
    ``worker-*.log`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / f"worker-{time.monotonic_ns()}.log"
    environment = {
        **server_environment(),
        **WORKER_ENVIRONMENT,
        **(settings or {}),
        "CELERY_FOLDER": str(folder),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--pool", "solo"]
        + (["--beat", "--schedule", str(folder / "beat-schedule")] if beat else [])
        + ["--hostname", f"{log.stem}@%h", "--loglevel", "INFO"],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + WORKER_START_SECONDS
        while " ready." not in log.read_text(errors="replace"):
            assert process.poll() is None, log.read_text(errors="replace")
            assert time.monotonic() < deadline, "the worker did not start"
            time.sleep(0.2)
        yield process
    finally:
        stop_worker(process, signal.SIGTERM)


def stop_worker(process: subprocess.Popen[bytes], how: signal.Signals) -> None:
    """Signal the worker and its embedded beat (its own process group); SIGKILL is a crash."""
    if process.poll() is None:
        os.killpg(process.pid, how)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        return


async def read_until(websocket: ClientConnection, text: str, seconds: float = 30) -> str:
    async with asyncio.timeout(seconds):
        while True:
            frame = await websocket.recv()
            assert isinstance(frame, str)
            if text in frame:
                return frame


async def wait_for(check: Any, seconds: float) -> None:
    """Until the database function ``check`` answers true."""
    async with asyncio.timeout(seconds):
        while not await database_sync_to_async(check)():
            await asyncio.sleep(0.3)


@database_sync_to_async
def clocked_rummy(ana: User, bruno: User) -> Table:
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        return start_match([ana, bruno], seat_count=2, clock=30)


@database_sync_to_async
def bot_table(host: User, game: str, seat_count: int) -> Table:
    table = open_table(host, game=game, seat_count=seat_count)
    seating.fill_with_bots(table_id=table.pk, by=host)
    return seating.start_table(table_id=table.pk, by=host)


@database_sync_to_async
def deadline_in(table: Table, seconds: float) -> None:
    Game.objects.filter(table=table).update(
        turn_deadline=timezone.now() + timedelta(seconds=seconds)
    )


def moves_of(table: Table) -> list[tuple[int | None, dict[str, Any]]]:
    return [
        (action.seat, action.action)
        for action in Action.objects.filter(game__table=table).order_by("seq")
    ]


def timeouts(table: Table) -> int:
    return TableNote.objects.filter(table=table, kind=TableNote.Kind.TIMEOUT).count()


def log_is_whole(table: Table) -> bool:
    """Every logged move once, in order, and the stored state is what the log replays to (read
    with the table locked, so that no move lands in between)."""
    with transaction.atomic():
        Table.objects.select_for_update().get(pk=table.pk)
        game = Game.objects.get(table=table)
        seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
        if seqs != list(range(1, len(seqs) + 1)):
            return False
        replayed = replay_match(game=game, upto=len(seqs))
        return replayed.to_json() == game.state


async def test_a_timed_out_turn_is_played_by_the_worker_and_seen_by_every_browser(
    ana: User, bruno: User, tmp_path: Path
) -> None:
    table = await clocked_rummy(ana, bruno)
    port = free_port()
    with daphne(port):
        sockets = [
            await open_table_socket(port, table.pk, await database_sync_to_async(session_cookie)(u))
            for u in (ana, bruno)
        ]
        try:
            for websocket in sockets:
                await read_until(websocket, 'id="turn-clock"')
            # Both players are at the table before the worker's first sweep: it must not sit
            # Ana out as a player who never came (CARDROOM_SIT_OUT_SECONDS is 1 here).
            with celery_worker(tmp_path / "celery"):
                await deadline_in(table, 3)
                version = await database_sync_to_async(version_of)(table)
                await send_move(sockets[0], table.pk, version, move="draw")
                for websocket in sockets:
                    frame = await read_until(websocket, "Time ran out for Ana")
                    assert 'id="rummy-piles"' in frame
        finally:
            for websocket in sockets:
                await websocket.close()

    assert await database_sync_to_async(moves_of)(table) == [
        (0, {"kind": "draw"}),
        (0, {"kind": "discard", "card": FIRST_DRAW}),
    ]
    assert await database_sync_to_async(timeouts)(table) == 1


@pytest.mark.parametrize(("game", "seats"), [("golfo", 4), ("rummy70", 3)])
async def test_a_table_of_bots_finishes_a_hand_watched_by_a_browser(
    ana: User, carmen: User, tmp_path: Path, game: str, seats: int
) -> None:
    """Ana fills her table with bots and leaves: after the grace period a bot plays her seat too,
    and the bots play the whole hand while Carmen watches."""
    table = await bot_table(ana, game, seats)
    port = free_port()
    with daphne(port), celery_worker(tmp_path / "celery"):
        cookie = await database_sync_to_async(session_cookie)(carmen)
        async with await open_table_socket(port, table.pk, cookie) as spectator:
            await read_until(spectator, "Ana is away", seconds=30)
            frame = await read_until(spectator, 'data-hand="1"', seconds=HAND_SECONDS)
            assert "hand-replay" in frame
    assert await database_sync_to_async(Hand.objects.filter(table=table).count)() >= 1
    assert await database_sync_to_async(log_is_whole)(table)


async def test_a_worker_killed_mid_match_loses_no_timeout_and_plays_no_move_twice(
    ana: User, bruno: User, carmen: User, tmp_path: Path
) -> None:
    clocked = await clocked_rummy(ana, bruno)
    bots = await bot_table(carmen, "golfo", 4)
    port = free_port()
    folder = tmp_path / "celery"
    with daphne(port):
        sockets = [
            await open_table_socket(
                port, clocked.pk, await database_sync_to_async(session_cookie)(user)
            )
            for user in (ana, bruno)
        ]
        try:
            for websocket in sockets:
                await read_until(websocket, 'id="turn-clock"')
            with celery_worker(folder) as worker:
                await wait_for(lambda: len(moves_of(bots)) >= 4, 60)
                await deadline_in(clocked, 5)
                version = await database_sync_to_async(version_of)(clocked)
                await send_move(sockets[0], clocked.pk, version, move="draw")
                await wait_for(lambda: len(moves_of(clocked)) == 1, 10)
                stop_worker(worker, signal.SIGKILL)
            played = len(await database_sync_to_async(moves_of)(bots))
            await asyncio.sleep(7)
            assert len(await database_sync_to_async(moves_of)(clocked)) == 1, "nobody played"
            assert len(await database_sync_to_async(moves_of)(bots)) == played

            with celery_worker(folder):
                for websocket in sockets:
                    await read_until(websocket, "Time ran out for Ana")
                await wait_for(lambda: Hand.objects.filter(table=bots).exists(), HAND_SECONDS)
                await asyncio.sleep(8)  # long enough for Redis to hand out the dead worker's tasks
        finally:
            for websocket in sockets:
                await websocket.close()

    assert await database_sync_to_async(moves_of)(clocked) == [
        (0, {"kind": "draw"}),
        (0, {"kind": "discard", "card": FIRST_DRAW}),
    ]
    assert await database_sync_to_async(timeouts)(clocked) == 1
    assert await database_sync_to_async(log_is_whole)(bots)


WORKER_APPLICATION = "cardroom-worker"
"""The worker's name on its PostgreSQL connections (``application_name``), so that the test can
tell them from its own."""


def worker_connections() -> set[int]:
    """The server processes of the worker's open PostgreSQL connections."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = %s", [WORKER_APPLICATION]
        )
        return {pid for (pid,) in cursor.fetchall()}


def cut_worker_connections() -> int:
    """The database ends the worker's connections, as a restart would; answers how many."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = %s",
            [WORKER_APPLICATION],
        )
        (cut,) = cursor.fetchone()
        return int(cut)


async def test_a_worker_keeps_its_database_connection_and_plays_on_when_the_database_cuts_it(
    ana: User, tmp_path: Path
) -> None:
    """Bots play a Rummy 70 hand through one worker, which uses one database connection from move
    to move rather than one per move; halfway, the database cuts it, and the next move opens a
    new one instead of failing."""
    table = await bot_table(ana, "rummy70", 3)
    url = f"{server_environment()['DATABASE_URL']}?application_name={WORKER_APPLICATION}"
    seen: set[int] = set()

    async def watch_until(moves: int) -> None:
        async with asyncio.timeout(HAND_SECONDS):
            while len(await database_sync_to_async(moves_of)(table)) < moves:
                seen.update(await database_sync_to_async(worker_connections)())
                await asyncio.sleep(0.05)

    folder = tmp_path / "celery"
    with celery_worker(folder, {"DATABASE_URL": url}, beat=True):
        await watch_until(20)
        assert await database_sync_to_async(cut_worker_connections)() == 1
        await watch_until(40)

    log = "".join(path.read_text(errors="replace") for path in folder.glob("worker-*.log"))
    assert "Traceback" not in log and "ERROR" not in log, log[-5000:]
    assert len(seen) == 2, f"the worker opened {len(seen)} connections for 40 moves"
    assert await database_sync_to_async(log_is_whole)(table)
