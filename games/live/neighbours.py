"""The table sockets of this process, by table: after a move made through one of them, the others
are brought up to date at once, from the snapshot the move handed over, rather than when the
channel layer's nudge comes back to the process (it still goes out, for the other processes, and
finds these sockets already at its version)."""

import asyncio
import logging
from collections import defaultdict
from typing import Protocol

logger = logging.getLogger(__name__)


class TableSocket(Protocol):
    async def show_version(self, version: int) -> None: ...


class Neighbours:
    def __init__(self) -> None:
        self._sockets: dict[int, set[TableSocket]] = defaultdict(set)
        self._showing: set[asyncio.Task[None]] = set()

    def join(self, table_id: int, socket: TableSocket) -> None:
        self._sockets[table_id].add(socket)

    def leave(self, table_id: int, socket: TableSocket) -> None:
        sockets = self._sockets.get(table_id)
        if sockets is not None:
            sockets.discard(socket)
            if not sockets:
                del self._sockets[table_id]

    def at(self, table_id: int) -> frozenset[TableSocket]:
        """The open sockets of the table in this process."""
        return frozenset(self._sockets.get(table_id, ()))

    def show(self, table_id: int, version: int, *, mover: TableSocket) -> None:
        """Have every socket of the table but ``mover``'s show ``version``, each in a task of its
        own: one that fails is logged and harms neither the mover's socket nor the others."""
        for socket in self.at(table_id):
            if socket is not mover:
                showing = asyncio.create_task(socket.show_version(version))
                self._showing.add(showing)
                showing.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._showing.discard(task)
        if not task.cancelled() and task.exception() is not None:
            logger.error("A table socket could not show a move", exc_info=task.exception())


NEIGHBOURS = Neighbours()
