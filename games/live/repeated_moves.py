"""A double click sends its form twice: the second copy reaches the table once the first has been
played, on a version that is no longer the table's. Each table socket remembers the last move it
played; the same move, with the same fields for the same version, arriving on that socket within
``REPEAT_SECONDS`` is dropped without a word. It could never be played (the version it names has
just been passed), and its stale-version refusal would only tell the player that his own move went
through. Any other stale move, and the same move from another tab, is still refused: of two
players (or tabs) racing, exactly one wins and the other is told."""

import time
from collections.abc import Callable

from games.live.commands import MoveCommand, TableCommand

REPEAT_SECONDS = 3.0


class LastMove:
    """The last move one socket played, and when."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.move: MoveCommand | None = None
        self.at = 0.0

    def played(self, command: TableCommand) -> None:
        if isinstance(command, MoveCommand):
            self.move = command
            self.at = self.clock()

    def repeated_by(self, command: TableCommand) -> bool:
        """Whether ``command`` is that move sent again right after it was played."""
        return command == self.move and self.clock() - self.at <= REPEAT_SECONDS
