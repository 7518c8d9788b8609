"""The latest few values by key, the oldest forgotten first: what a process builds once and
shares between its sockets (the lobby's parts, a snapshot's shared parts)."""

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

Value = TypeVar("Value")


class Kept(Generic[Value]):
    """The ``limit`` latest values, by key; safe to share between threads (a value is made under
    the lock, so it is made once)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, Value] = OrderedDict()

    def get(self, key: Hashable, make: Callable[[], Value]) -> Value:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
            value = make()
            self._kept[key] = value
            while len(self._kept) > self.limit:
                self._kept.popitem(last=False)
            return value

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
