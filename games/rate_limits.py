"""A per-socket message budget, so one browser cannot flood the database with actions."""

import time
from collections import deque
from collections.abc import Callable


class MessageBudget:
    """Allows at most ``limit`` messages in any ``window`` seconds."""

    def __init__(
        self, *, limit: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.sent: deque[float] = deque()

    def spend(self) -> bool:
        """Count one message; ``False`` when it goes over the budget (and is not counted)."""
        now = self.clock()
        while self.sent and now - self.sent[0] >= self.window:
            self.sent.popleft()
        if len(self.sent) >= self.limit:
            return False
        self.sent.append(now)
        return True
