"""The embedded set-up's look at the database: one per process, not one per socket.

Without Redis the channel layer lives in daphne's memory, so the moves the Celery worker makes in
its own process (clocks, bots, the sweep) nudge no socket here. Every
``CARDROOM_VERSION_POLL_SECONDS`` (``None`` with Redis, where every process shares the layer) one
task reads the version and newest chat line of every table that has a socket in this process, in
one query, and the time of the last change the lobby shows, in another (only while a lobby socket
is open). It nudges, through the process's channel layer, the sockets of each table whose marks
moved and the lobby's sockets if the lobby's did, exactly as a service's nudge would: N sockets on
M tables cost two queries a poll, not N.

A socket registers what it has just read from the database (``watch_table``, ``watch_lobby``), so
a change made between that read and the next poll is nudged, and deregisters when it closes. A
nudge for a version a socket has already shown changes nothing for it. A table that is gone is
announced as ``table.gone``. As with the heartbeat (``games.live.heartbeats``), the registry and its
task belong to the event loop the sockets run on: a server has one; each async test its own."""

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.conf import settings
from django.db.models import Max
from django.db.models.functions import Coalesce

from games.models import Table
from games.tables.broadcasts import LOBBY_GROUP, table_group
from games.tables.selectors import last_table_change

logger = logging.getLogger(__name__)

Marks = tuple[int, int]


@dataclass
class _Watch:
    """One event loop's watched tables (id: sockets), their last known marks, the lobby's
    sockets and mark, and the task that polls for them."""

    tables: Counter[int] = field(default_factory=Counter)
    marks: dict[int, Marks] = field(default_factory=dict)
    lobby_sockets: int = 0
    lobby_mark: datetime | None = None
    task: asyncio.Task[None] | None = None

    def idle(self) -> bool:
        return not self.tables and not self.lobby_sockets


def tables_marks(table_ids: list[int]) -> dict[int, Marks]:
    """Each table's version and newest chat line's id (0 without any), in one query; a table that
    is gone is missing."""
    rows = (
        Table.objects.filter(pk__in=table_ids)
        .annotate(chat_mark=Coalesce(Max("chat_messages__id"), 0))
        .values_list("pk", "version", "chat_mark")
    )
    return {table_id: (version, chat_mark) for table_id, version, chat_mark in rows}


class Poller:
    """The process's poll of the database for its sockets; ``watch_*`` and ``unwatch_*`` are
    called on the loop the socket runs on."""

    def __init__(self) -> None:
        self._watches: dict[asyncio.AbstractEventLoop, _Watch] = {}

    def watch_table(self, table_id: int, marks: Marks) -> None:
        """A socket of ``table_id`` is open and has shown the table at ``marks``."""
        watch = self._watch()
        watch.tables[table_id] += 1
        known = watch.marks.get(table_id, marks)
        # The older of what the poller and this socket know: the next poll nudges from there.
        watch.marks[table_id] = (min(known[0], marks[0]), min(known[1], marks[1]))

    def unwatch_table(self, table_id: int) -> None:
        watch = self._watches.get(asyncio.get_running_loop())
        if watch is None or watch.tables[table_id] <= 0:
            return
        watch.tables[table_id] -= 1
        if watch.tables[table_id] == 0:
            del watch.tables[table_id]
            watch.marks.pop(table_id, None)
        self._stop_if_idle(watch)

    def watch_lobby(self, mark: datetime | None) -> None:
        """A lobby socket is open and has shown the list as of ``mark``."""
        watch = self._watch()
        if watch.lobby_sockets == 0:
            watch.lobby_mark = mark
        watch.lobby_sockets += 1

    def unwatch_lobby(self) -> None:
        watch = self._watches.get(asyncio.get_running_loop())
        if watch is None or watch.lobby_sockets <= 0:
            return
        watch.lobby_sockets -= 1
        self._stop_if_idle(watch)

    def watched_tables(self) -> list[int]:
        watch = self._watches.get(asyncio.get_running_loop())
        return [] if watch is None else sorted(watch.tables)

    async def poll_once(self) -> None:
        """Read the marks of the watched tables and the lobby once; nudge what moved."""
        watch = self._watches.get(asyncio.get_running_loop())
        if watch is not None:
            await self._poll(watch)

    def _watch(self) -> _Watch:
        loop = asyncio.get_running_loop()
        for closed in [known for known in self._watches if known.is_closed()]:
            del self._watches[closed]
        watch = self._watches.setdefault(loop, _Watch())
        every = settings.CARDROOM_VERSION_POLL_SECONDS
        if every is not None and (watch.task is None or watch.task.done()):
            watch.task = loop.create_task(self._run(watch, every), name="cardroom-poller")
        return watch

    def _stop_if_idle(self, watch: _Watch) -> None:
        if not watch.idle():
            return
        del self._watches[asyncio.get_running_loop()]
        if watch.task is not None:
            watch.task.cancel()

    async def _run(self, watch: _Watch, every: float) -> None:
        while not watch.idle():
            await asyncio.sleep(every)
            try:
                await self._poll(watch)
            except Exception:
                # The database away for a moment must not end the polling for every socket of
                # the process: the next interval looks again.
                logger.exception("poll of %d tables failed", len(watch.tables))

    async def _poll(self, watch: _Watch) -> None:
        layer = get_channel_layer()
        assert layer is not None
        table_ids = sorted(watch.tables)
        if table_ids:
            found = await database_sync_to_async(tables_marks, thread_sensitive=False)(table_ids)
            for table_id in table_ids:
                if table_id not in watch.tables:
                    continue  # its last socket closed while the query ran
                await self._nudge_table(watch, layer, table_id, found.get(table_id))
        if watch.lobby_sockets:
            mark = await database_sync_to_async(last_table_change, thread_sensitive=False)()
            if mark != watch.lobby_mark:
                watch.lobby_mark = mark
                await layer.group_send(LOBBY_GROUP, {"type": "lobby.changed"})

    async def _nudge_table(
        self, watch: _Watch, layer: Any, table_id: int, marks: Marks | None
    ) -> None:
        group = table_group(table_id)
        send = layer.group_send
        if marks is None:
            await send(group, {"type": "table.gone", "table_id": table_id})
            return
        version, chat_mark = marks
        known_version, known_chat = watch.marks.get(table_id, marks)
        watch.marks[table_id] = marks
        if version != known_version:
            await send(group, {"type": "table.changed", "table_id": table_id, "version": version})
        if chat_mark != known_chat:
            await send(group, {"type": "table.chat", "table_id": table_id, "message_id": chat_mark})


POLLER = Poller()
