"""The benchmark's browsers: asyncio websocket clients, four per table, one table driver each.

A driver asks its ``Mover`` for the next move (outside the timed path), waits for its slot at
the table's pace, sends the move's JSON from the seat that makes it, and times it until every seat
of the table has received a frame carrying the new ``#table-version``. The same drivers play the
site and the bare relay; only the mover differs."""

import asyncio
import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

VERSION = re.compile(r'id="table-version"[^>]*?data-version="(\d+)"')
REFUSAL = re.compile(r'id="table-message"[^>]*><p>(.*?)</p>', re.S)
LOST_RACE = re.compile(r'id="table-message" class="table-message table-note"')
OPEN_SECONDS = 30.0
ACTION_SECONDS = 10.0
MAX_ERRORS_KEPT = 20


@dataclass(frozen=True)
class Send:
    """One move to send: which seat sends it and the message's fields besides the envelope."""

    seat: int
    version: int
    fields: dict[str, str | list[str]]


class Mover(Protocol):
    async def __call__(self, table: "TableClient") -> Send | None: ...


@dataclass
class Totals:
    """What every driver of one run adds to."""

    latencies: list[float] = field(default_factory=list)
    by_move: dict[str, list[float]] = field(default_factory=dict)
    timeline: list[tuple[float, float, str]] = field(default_factory=list)
    """Each completed move: when it was sent (``perf_counter``), its latency and its kind."""
    frames: int = 0
    frame_bytes: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    error_kinds: dict[str, int] = field(default_factory=dict)
    idle_slots: int = 0
    lost_races: int = 0

    def error(self, text: str, kind: str) -> None:
        """One error; ``kind`` counts it: a refusal's text, a closed socket or a time limit."""
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1
        if len(self.error_samples) < MAX_ERRORS_KEPT:
            self.error_samples.append(text)


@dataclass(frozen=True)
class Seat:
    url: str
    origin: str
    cookie: str


class TableClient:
    """The four sockets of one table and the move in flight."""

    def __init__(self, table_id: int, seats: list[Seat], totals: Totals) -> None:
        self.table_id = table_id
        self.seats = seats
        self.totals = totals
        self.sockets: list[ClientConnection] = []
        self.versions = [-1] * len(seats)
        self.target: int | None = None
        self.mover_seat = -1
        self.refusal = ""
        self.lost_race = False
        self.arrived = asyncio.Event()
        self.done_at: float | None = None
        self.readers: list[asyncio.Task[None]] = []

    async def open(self) -> None:
        """Connect every seat and wait for each first frame (the whole view)."""
        for seat in self.seats:
            socket = await connect(
                seat.url,
                origin=seat.origin,  # type: ignore[arg-type]
                additional_headers={"Cookie": seat.cookie},
                open_timeout=OPEN_SECONDS,
                ping_interval=None,
                proxy=None,
            )
            self.sockets.append(socket)
        self.readers = [
            asyncio.create_task(self._read(index)) for index in range(len(self.sockets))
        ]
        async with asyncio.timeout(OPEN_SECONDS):
            while min(self.versions) < 0:
                self.arrived.clear()
                await self.arrived.wait()

    async def close(self) -> None:
        for reader in self.readers:
            reader.cancel()
        for socket in self.sockets:
            await socket.close()

    async def _read(self, index: int) -> None:
        socket = self.sockets[index]
        try:
            async for frame in socket:
                now = time.perf_counter()
                text = frame if isinstance(frame, str) else frame.decode()
                self.totals.frames += 1
                self.totals.frame_bytes += len(text)
                self._take(index, text, now)
        except ConnectionClosed as closed:
            self.totals.error(f"table {self.table_id} seat {index} closed: {closed}", "closed")
            self.refusal = "socket closed"
            self.arrived.set()

    def _take(self, index: int, text: str, now: float) -> None:
        found = VERSION.search(text)
        if found:
            self.versions[index] = max(self.versions[index], int(found.group(1)))
        if index == self.mover_seat and self.target is not None:
            refused = REFUSAL.search(text)
            if refused:
                self.refusal = refused.group(1)
                self.lost_race = LOST_RACE.search(text) is not None
        if self.target is None:
            self.arrived.set()
        elif self.done_at is None and (min(self.versions) >= self.target or self.refusal):
            self.done_at = now
            self.arrived.set()

    async def act(self, send: Send) -> float | None:
        """Send one move and return the seconds until every seat had the new version (``None``
        after a refusal, a closed socket or the time limit, counted as an error; or after the
        note that another move came first, with the table as it is now: a lost race)."""
        self.target, self.mover_seat, self.refusal = send.version + 1, send.seat, ""
        self.lost_race = False
        self.done_at = None
        self.arrived.clear()
        message = {
            "action": "move",
            "table": str(self.table_id),
            "version": str(send.version),
            **send.fields,
            "HEADERS": {"HX-Request": "true", "HX-Trigger": None, "HX-Target": None},
        }
        started = time.perf_counter()
        try:
            await self.sockets[send.seat].send(json.dumps(message))
            async with asyncio.timeout(ACTION_SECONDS):
                while self.done_at is None:
                    self.arrived.clear()
                    await self.arrived.wait()
        except TimeoutError:
            self.totals.error(
                f"table {self.table_id}: no new version in {ACTION_SECONDS} s", "time limit"
            )
            return None
        except ConnectionClosed as closed:
            self.totals.error(f"table {self.table_id} seat {send.seat} closed: {closed}", "closed")
            return None
        finally:
            self.target, self.mover_seat = None, -1
        if self.lost_race:
            self.totals.lost_races += 1
            return None
        if self.refusal or self.done_at is None:
            self.totals.error(
                f"table {self.table_id}: {self.refusal} (sent {send.fields})",
                self.refusal or "no new version",
            )
            return None
        return self.done_at - started

    async def play(
        self, mover: Mover, first: Send | None, *, start: float, until: float, pace: float
    ) -> None:
        """Act once per ``pace`` seconds from ``start`` until ``until`` (``perf_counter``), with
        ``first`` (decided before the play) and then what ``mover`` decides; a slot where nobody
        may move (the table waits for its next deal) passes idle."""
        slot, send = start, first
        for turn in range(int((until - start) / pace) + 1):
            if turn:
                send = await mover(self)
            delay = slot - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if time.perf_counter() >= until:
                return
            if send is None:
                self.totals.idle_slots += 1
            else:
                sent = time.perf_counter()
                latency = await self.act(send)
                if latency is not None:
                    self.totals.latencies.append(latency)
                    move = str(send.fields.get("move", ""))
                    self.totals.by_move.setdefault(move, []).append(latency)
                    self.totals.timeline.append((sent, latency, move))
            slot = max(slot + pace, time.perf_counter())


async def open_all(
    tables: list[TableClient], *, at_once: int, deadline: float, progress: Callable[[int], None]
) -> None:
    """Open every table's sockets, ``at_once`` tables at a time, within ``deadline``."""
    gate = asyncio.Semaphore(at_once)
    opened = 0

    async def open_one(table: TableClient) -> None:
        nonlocal opened
        async with gate:
            await table.open()
            opened += 1
            progress(opened)

    async with asyncio.timeout(max(1.0, deadline - time.perf_counter())):
        await asyncio.gather(*(open_one(table) for table in tables))


async def play_all(
    players: list[tuple[TableClient, Mover]], *, pace: float, duration: float
) -> tuple[float, float]:
    """Every table plays at ``pace`` for ``duration`` seconds with its mover, their slots spread
    evenly over one pace in the order given: the site's and the relay's tables alternate, so that
    the two stacks play in the same seconds, each move between two of the other's. Returns the
    wall-clock start and end.

    Each table's first move is decided before the clock starts: the site's mover reads each
    table's match for it, and 500 reads at once held the clients' interpreter for the play's
    first second, so that the frames of the first moves were read late and counted as the
    server's latency (docs/performance.md, twentieth pass)."""
    firsts = [await mover(table) for table, mover in players]
    start = time.perf_counter() + 0.5
    until = start + duration
    plays: list[Awaitable[None]] = [
        table.play(mover, first, start=start + pace * index / len(players), until=until, pace=pace)
        for index, ((table, mover), first) in enumerate(zip(players, firsts, strict=True))
    ]
    async with asyncio.timeout(duration + ACTION_SECONDS + 30):
        await asyncio.gather(*plays)
    return start, time.perf_counter()
