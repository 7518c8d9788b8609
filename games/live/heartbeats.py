"""The process's heartbeat: one statement every ``CARDROOM_HEARTBEAT_SECONDS`` says that all
its open table sockets are still here (``presence.still_here`` on their presence rows), instead
of one statement per socket.

A table socket registers its presence row once counted in (``add``) and deregisters it when it
closes (``discard``); two sockets of one user at one table share a row, so the registry counts.
The beating task starts with the first socket and ends with the last. A process that dies stops
beating, so its sockets' rows go stale (docs/clocks-and-bots.md).

Sockets live on an event loop, and so does the task that beats for them: the registry keeps the
sockets and the task of each running loop apart. A server process has one loop; the test suite
runs each async test on a loop of its own, and a closed loop's sockets are forgotten with it."""

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from channels.db import database_sync_to_async
from django.conf import settings

from games.tables import online, presence

logger = logging.getLogger(__name__)


@dataclass
class _Beat:
    """One event loop's open sockets (presence id: how many) and the task beating for them."""

    sockets: Counter[int] = field(default_factory=Counter)
    task: asyncio.Task[None] | None = None


class Heartbeats:
    """The presence rows of the process's open table sockets, kept fresh by one task per loop.
    ``add`` and ``discard`` are called on the loop the socket runs on."""

    def __init__(self, refresh: Callable[[list[int]], int]) -> None:
        self._refresh = refresh
        self._beats: dict[asyncio.AbstractEventLoop, _Beat] = {}

    def add(self, presence_id: int) -> None:
        """A socket counted in ``presence_id`` is open: keep the row fresh while it is."""
        loop = asyncio.get_running_loop()
        self._forget_closed_loops()
        beat = self._beats.setdefault(loop, _Beat())
        beat.sockets[presence_id] += 1
        if beat.task is None or beat.task.done():
            beat.task = loop.create_task(self._beat(beat), name="cardroom-heartbeat")

    def discard(self, presence_id: int) -> None:
        """A socket counted in ``presence_id`` closed; the last one stops the task."""
        loop = asyncio.get_running_loop()
        beat = self._beats.get(loop)
        if beat is None or beat.sockets[presence_id] <= 0:
            return
        beat.sockets[presence_id] -= 1
        if beat.sockets[presence_id] == 0:
            del beat.sockets[presence_id]
        if not beat.sockets:
            del self._beats[loop]
            if beat.task is not None:
                beat.task.cancel()

    def presence_ids(self) -> list[int]:
        """The rows kept fresh for the sockets of the running loop."""
        beat = self._beats.get(asyncio.get_running_loop())
        return [] if beat is None else sorted(beat.sockets)

    def _forget_closed_loops(self) -> None:
        for loop in [loop for loop in self._beats if loop.is_closed()]:
            del self._beats[loop]

    async def _beat(self, beat: _Beat) -> None:
        while beat.sockets:
            await asyncio.sleep(settings.CARDROOM_HEARTBEAT_SECONDS)
            ids = sorted(beat.sockets)
            if not ids:
                return
            try:
                await database_sync_to_async(self._refresh, thread_sensitive=False)(ids)
            except Exception:
                # One failed beat (the database away for a moment) must not end the beating
                # for every socket of the process: the next interval tries again.
                logger.exception("heartbeat of %d presences failed", len(ids))


# The refreshing statements are looked up at each beat (so that a test may record them).
HEARTBEATS = Heartbeats(refresh=lambda ids: presence.still_here(ids))
LOBBY_HEARTBEATS = Heartbeats(refresh=lambda ids: online.lobby_still_here(ids))
"""The lobby sockets' rows (``games.tables.online``), kept fresh the same way."""
