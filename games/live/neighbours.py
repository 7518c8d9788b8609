"""The table sockets of this process, by table, and the one channel through which the process
hears the nudges of all their tables.

A table's group in the channel layer holds one member per process with a socket at the table,
not one per socket: a nudge is sent, carried and read once per process, and handed here to each
socket of the table (:meth:`TableSocket.hear`). After a move made through one of them, the others
are brought up to date at once, from the snapshot the move handed over, rather than when the nudge
comes back to the process (it still goes out, for the other processes, and finds these sockets
already at its version)."""

import asyncio
import logging
from collections import defaultdict
from collections.abc import AsyncIterator, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from channels.layers import BaseChannelLayer, get_channel_layer

from games.tables.broadcasts import table_group
from games.tables.snapshots import SNAPSHOTS, TableSnapshot

logger = logging.getLogger(__name__)

RETRY_SECONDS = 1.0
TICK_SECONDS = 0.05
SPARE_LAG_SECONDS = 0.005
"""A move's frames are built ahead only while the event loop, on average, runs what is due within
this of its time. Beside a busier loop the move's thread and the loop take the interpreter from
each other: at 500 tables building ahead (on the loop then) cost daphne about a tenth more CPU
(docs/performance.md, eighth pass); the loop runs about 95 ms late there (median), and 97% of the
moves are not built ahead. An idle loop runs up to 2 ms late all the same, since it waits for the
next timer in whole milliseconds: with 1 ms here, 13% of the moves at 10 tables were not built
ahead (fourteenth pass)."""
LAG_WEIGHT = 0.2


class TableSocket(Protocol):
    async def show_version(self, version: int) -> None: ...

    async def hear(self, nudge: dict[str, Any]) -> None: ...

    def prepare(self, snapshot: TableSnapshot) -> None: ...


@dataclass
class Ear:
    """The process's channel on one event loop, the task that reads it, and how late the loop
    runs what is due (``lag``, seconds, a moving average measured by the ``timing`` task)."""

    loop: asyncio.AbstractEventLoop
    layer: BaseChannelLayer
    channel: str
    reading: asyncio.Task[None] | None = None
    timing: asyncio.Task[None] | None = None
    lag: float = 0.0


@dataclass
class Changing:
    """The lock that puts one table's joins and leaves in order, and how many hold or await it."""

    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0


class Neighbours:
    def __init__(self) -> None:
        self._sockets: dict[int, set[TableSocket]] = defaultdict(set)
        self._changing: dict[int, Changing] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._ear: Ear | None = None

    async def join(self, table_id: int, socket: TableSocket) -> None:
        """Once this returns, every nudge to the table's group reaches ``socket``. The process's
        membership of the group is written again at each join, which keeps it from expiring
        while the table has sockets here."""
        ear = await self._ear_now()
        async with self._changes_of(table_id):
            await ear.layer.group_add(table_group(table_id), ear.channel)
            self._sockets[table_id].add(socket)

    async def leave(self, table_id: int, socket: TableSocket) -> None:
        """Forget ``socket``; with the table's last socket here, the process leaves its group (a
        channel layer that cannot say so is logged: the membership then expires by itself)."""
        async with self._changes_of(table_id):
            sockets = self._sockets.get(table_id)
            if sockets is None:
                return
            sockets.discard(socket)
            if sockets:
                return
            del self._sockets[table_id]
            ear = self._ear
            if ear is None:
                return
            try:
                await ear.layer.group_discard(table_group(table_id), ear.channel)
            except Exception:
                logger.warning("Could not leave the group of table %s", table_id, exc_info=True)

    def channel(self) -> str | None:
        """The process's channel in its tables' groups (``None`` before its first socket)."""
        return None if self._ear is None else self._ear.channel

    def at(self, table_id: int) -> frozenset[TableSocket]:
        """The open sockets of the table in this process."""
        return frozenset(self._sockets.get(table_id, ()))

    def show(self, table_id: int, version: int, *, mover: TableSocket) -> None:
        """Have every socket of the table but ``mover``'s show ``version``, each in a task of its
        own: one that fails is logged and harms neither the mover's socket nor the others."""
        for socket in self.at(table_id):
            if socket is not mover:
                self._start(socket.show_version(version))

    def ahead(self, snapshot: TableSnapshot) -> None:
        """A move of this process is being written (called in its thread once its statement is
        sent, ``SNAPSHOTS.coming``): that thread, idle until the database answers, has each
        socket of the table here build its frame of the snapshot the move leads to, kept aside
        until the move commits; unless the event loop is busy (``SPARE_LAG_SECONDS``), when the
        frames are built once it has the move's answer, as for any other version.

        The move's thread builds them rather than the event loop, which had to be woken for
        them and then held the move's answer back while it built another table's
        (docs/performance.md, twenty-fifth pass). A socket's frame is built so beside its
        loop: what it keeps aside is used only for the very snapshot it was built of
        (``ViewerFrames``)."""
        ear = self._ear
        if ear is None or ear.loop.is_closed() or ear.lag > SPARE_LAG_SECONDS:
            return
        for socket in self.at(snapshot.table.pk):
            try:
                socket.prepare(snapshot)
            except Exception:
                logger.exception("A table socket could not prepare its frame")

    def tell(self, nudge: dict[str, Any]) -> None:
        """Hand a nudge the process heard to each socket of its table here."""
        for socket in self.at(nudge.get("table_id", 0)):
            self._start(socket.hear(nudge))

    @asynccontextmanager
    async def _changes_of(self, table_id: int) -> AsyncIterator[None]:
        changing = self._changing.setdefault(table_id, Changing())
        changing.users += 1
        try:
            async with changing.lock:
                yield
        finally:
            changing.users -= 1
            if not changing.users:
                del self._changing[table_id]

    async def _ear_now(self) -> Ear:
        """The process's channel on the running loop, reading; a new one when the loop or the
        channel layer is new (a test's own loop, settings changed), which starts with no socket:
        those of the old could not hear it."""
        loop = asyncio.get_running_loop()
        layer = get_channel_layer()
        if layer is None:
            raise RuntimeError("The table sockets need a channel layer.")
        if self._ear is None or self._ear.loop is not loop or self._ear.layer is not layer:
            channel = await layer.new_channel()
            if self._ear is None or self._ear.loop is not loop or self._ear.layer is not layer:
                if self._ear is not None and self._ear.loop is loop:
                    for task in (self._ear.reading, self._ear.timing):
                        if task is not None:
                            task.cancel()
                self._sockets.clear()
                self._changing.clear()
                self._ear = Ear(loop=loop, layer=layer, channel=channel)
                self._ear.reading = loop.create_task(self._read(self._ear))
                self._ear.timing = loop.create_task(self._time(self._ear))
        return self._ear

    async def _time(self, ear: Ear) -> None:
        """Measure how late the loop wakes up to what is due, every ``TICK_SECONDS``."""
        while True:
            due = ear.loop.time() + TICK_SECONDS
            await asyncio.sleep(TICK_SECONDS)
            late = max(0.0, ear.loop.time() - due)
            ear.lag += LAG_WEIGHT * (late - ear.lag)

    async def _read(self, ear: Ear) -> None:
        """Hear the process's channel for as long as the loop runs; a channel layer that fails
        (Redis restarting) is logged and asked again a moment later."""
        while True:
            try:
                nudge = await ear.layer.receive(ear.channel)
            except asyncio.CancelledError:
                raise
            except Exception:
                logger.warning("The table nudges could not be read", exc_info=True)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            self.tell(nudge)

    def _start(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("A table socket could not show a change", exc_info=task.exception())


NEIGHBOURS = Neighbours()
SNAPSHOTS.listen(NEIGHBOURS.ahead)
