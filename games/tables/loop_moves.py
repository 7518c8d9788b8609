"""A move made on the event loop: the move a socket sends at a friends' table, made on the
process's snapshot (``games.tables.snapshot_moves.snapshot_move``, which asks nothing of the
database) and written in its one statement through the process's own asynchronous connection.

Made in a worker thread, such a move crossed from the loop to the thread and back and shared the
interpreter with the loop while the loop built the table's frames: the thread's wake-up, its
answer read only once the loop let go, and the thread's own machinery were a share of a move's
time at 10 tables (docs/performance.md, eighteenth and twenty-fourth passes). On the loop the
move is made, its statement sent, the frames built while the database works, and the answer read
as soon as they are done.

Only the statement is written here, and only under the seal of the socket's session: whatever
else (a move the snapshot cannot take, a statement that wrote nothing or failed, no seal) goes
to the worker thread as before, which makes it again from the start and tells a lost race or a
refusal as the table would."""

import asyncio
import logging
from typing import Any

import psycopg
from django.db import connection

from games.tables.snapshot_moves import PreparingCursorMixin, SnapshotMove

APPLICATION_NAME = "cardroom event loop"
"""How the loops' connections are named to PostgreSQL (``pg_stat_activity``)."""

logger = logging.getLogger(__name__)


class LoopCursor(PreparingCursorMixin, psycopg.AsyncCursor[Any]):
    """:class:`PreparingCursorMixin` for the loop's connection (its statements are executed with
    ``prepare=True``)."""


class LoopConnection:
    """The asynchronous connection of one event loop, opened at its first move with Django's own
    parameters (named ``APPLICATION_NAME``), kept with its prepared statements; a broken one is
    closed, and the next move opens another. One connection: its statements are a fraction of a
    millisecond each and take turns (psycopg's lock)."""

    def __init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: psycopg.AsyncConnection[Any] | None = None

    async def _current(self) -> psycopg.AsyncConnection[Any]:
        loop = asyncio.get_running_loop()
        if self._connection is not None and (self._loop is not loop or self._connection.broken):
            self.close()
        if self._connection is None:
            params = connection.get_connection_params()
            params.pop("cursor_factory", None)
            params["application_name"] = APPLICATION_NAME
            self._connection = await psycopg.AsyncConnection.connect(**params, autocommit=True)
            self._loop = loop
        return self._connection

    async def write(self, made: SnapshotMove) -> bool:
        """The move's statement; ``True`` when it wrote. A statement that failed wrote nothing (it
        is its own transaction): it is logged, and the move goes to the worker thread."""
        try:
            current = await self._current()
            async with LoopCursor(current, sent=made.coming) as cursor:
                await cursor.execute(made.text, made.params, prepare=True)
                return cursor.rowcount == 1
        except psycopg.Error:
            logger.warning("A move's statement failed on the event loop", exc_info=True)
            if self._connection is not None and self._connection.broken:
                self.close()
            return False

    def close(self) -> None:
        """Close the connection now, from any loop or none (its socket only: nothing is
        pending on it between moves)."""
        if self._connection is not None:
            self._connection.pgconn.finish()
        self._connection = None
        self._loop = None


LOOP_CONNECTION = LoopConnection()
