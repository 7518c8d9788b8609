"""Where a move's time goes inside the site's daphne process, step by step (``python -m
bench.load --steps``).

The clients time a move from its message to the last seat's frame; py-spy says where the CPU
goes. Neither says what a move waits for: the thread it is handed to, the database, the event
loop. With ``--steps`` each daphne process of the site times every move sent through a socket at
these moments, on one clock (``time.perf_counter``):

- ``received``: the socket's handler starts (``TableConsumer.receive``);
- ``in_thread``: the worker thread starts the move (``TableConsumer._act``);
- ``statement``: the move's one statement starts being made (``snapshot_moves._write``);
- ``frames_start``, ``frames_end``: the first of the table's sockets here starts building its
  frame of the move's snapshot, and the last one ends (``TableConsumer.prepare``, while the
  database works; absent when they were not built ahead);
- ``answered``: the statement has the database's answer;
- ``out_of_thread``: the thread has finished the move;
- ``back_on_loop``: the event loop takes the move's outcome up again;
- ``done``: the handler ends: the mover's frame sent, the other sockets of his table here given
  their turn to send theirs, the nudge to the other processes on its way.

It wraps those methods from outside, in the site's processes only: ``bench/steps_site`` holds a
``sitecustomize`` that Python imports at start-up when that folder is on ``PYTHONPATH``, which
calls :func:`install`. Each process appends its new records to a file of its own in
``CARDROOM_BENCH_STEPS`` (a folder) every ``WRITE_SECONDS``, one JSON object a line;
:func:`summary` reads them.
"""

import contextvars
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

FOLDER_VARIABLE = "CARDROOM_BENCH_STEPS"
WRITE_SECONDS = 1.0
MOMENTS = (
    "received",
    "in_thread",
    "statement",
    "frames_start",
    "frames_end",
    "answered",
    "out_of_thread",
    "back_on_loop",
    "done",
)
STEPS = {
    "to the thread": ("received", "in_thread"),
    "move before its statement": ("in_thread", "statement"),
    "statement sent": ("statement", "frames_start"),
    "frames built ahead": ("frames_start", "frames_end"),
    "answer after the frames": ("frames_end", "answered"),
    "statement, frames not ahead": ("statement", "answered"),
    "move after its statement": ("answered", "out_of_thread"),
    "back to the loop": ("out_of_thread", "back_on_loop"),
    "frames sent": ("back_on_loop", "done"),
    "whole handler": ("received", "done"),
}

_record: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "move_steps", default=None
)


def install() -> None:
    """In a daphne process serving the site with ``CARDROOM_BENCH_STEPS`` set: once the site's
    modules are loaded, wrap them, and write the records every ``WRITE_SECONDS``."""
    folder = os.environ.get(FOLDER_VARIABLE)
    command = Path("/proc/self/cmdline").read_bytes()
    if not folder or b"daphne" not in command or b"cardroom.asgi" not in command:
        return
    records: list[dict[str, Any]] = []
    threading.Thread(target=_attach_when_loaded, args=(records,), daemon=True).start()
    output = Path(folder) / f"steps-{os.getpid()}.jsonl"
    threading.Thread(target=_write_every, args=(records, output), daemon=True).start()


def _attach_when_loaded(records: list[dict[str, Any]]) -> None:
    while "games.live.consumers" not in sys.modules or "games.tables.play" not in sys.modules:
        time.sleep(0.05)
    time.sleep(0.5)
    attach(records)


def _write_every(records: list[dict[str, Any]], output: Path) -> None:
    written = 0
    while True:
        time.sleep(WRITE_SECONDS)
        new = records[written:]
        written += len(new)
        with output.open("a") as lines:
            lines.writelines(json.dumps(record) + "\n" for record in new)


def attach(records: list[dict[str, Any]]) -> Callable[[], None]:
    """Wrap the site's methods so that each message through a socket that moved its table
    appends its moments to ``records`` (without ``statement`` and ``answered`` for a move that
    went the locked way); answers what undoes it."""
    from games.live import consumers
    from games.tables import snapshot_moves

    consumer = consumers.TableConsumer
    receive, act, prepare = consumer.receive, consumer.__dict__["_act"], consumer.prepare
    write = snapshot_moves._write
    frames: dict[tuple[int, int], list[float]] = {}

    async def timed_receive(self: Any, text_data: Any = None, bytes_data: Any = None) -> None:
        record: dict[str, Any] = {"received": time.perf_counter(), "table": self.table_id}
        _record.set(record)
        await receive(self, text_data, bytes_data)
        record["done"] = time.perf_counter()
        version = record.get("version")
        if version is not None:
            built = frames.pop((self.table_id, version), None)
            if built is not None:
                record["frames_start"], record["frames_end"] = built
            records.append(record)

    def timed_act(self: Any, text: Any) -> Any:
        record = _record.get()
        if record is not None:
            record["in_thread"] = time.perf_counter()
        try:
            return act.func(self, text)
        finally:
            if record is not None:
                record["out_of_thread"] = time.perf_counter()

    threaded_act = consumers.in_any_thread(timed_act)

    async def timed_act_on_loop(self: Any, text: Any) -> Any:
        outcome = await threaded_act.__get__(self, consumer)(text)
        record = _record.get()
        if record is not None:
            record["back_on_loop"] = time.perf_counter()
            if isinstance(outcome[0], int):
                record["version"] = outcome[0]
        return outcome

    def timed_write(*args: Any, **kwargs: Any) -> bool:
        record = _record.get()
        if record is not None:
            record["statement"] = time.perf_counter()
        try:
            return bool(write(*args, **kwargs))
        finally:
            if record is not None:
                record["answered"] = time.perf_counter()

    def timed_prepare(self: Any, snapshot: Any) -> None:
        started = time.perf_counter()
        prepare(self, snapshot)
        key = (snapshot.table.pk, snapshot.version)
        frames.setdefault(key, [started, 0.0])[1] = time.perf_counter()

    consumer.receive = timed_receive  # type: ignore[method-assign]
    consumer._act = timed_act_on_loop  # type: ignore[method-assign]
    consumer.prepare = timed_prepare  # type: ignore[method-assign]
    snapshot_moves._write = timed_write

    def detach() -> None:
        consumer.receive = receive  # type: ignore[method-assign]
        consumer._act = act  # type: ignore[method-assign]
        consumer.prepare = prepare  # type: ignore[method-assign]
        snapshot_moves._write = write

    return detach


def steps_of(record: dict[str, Any]) -> dict[str, float]:
    """A record's steps in milliseconds: those whose two moments it holds."""
    ahead = "frames_start" in record
    return {
        step: round((record[end] - record[start]) * 1000, 3)
        for step, (start, end) in STEPS.items()
        if start in record
        and end in record
        and not (step == "statement, frames not ahead" and ahead)
    }


def summary(folder: Path, *, since: float = 0.0) -> dict[str, dict[str, float]]:
    """Each step's median, p90 and p99 in milliseconds over the records written to ``folder``
    of moves received from ``since`` (``perf_counter``, the same clock on this machine), with
    how many moves it counts."""
    steps: dict[str, list[float]] = {}
    for written in sorted(folder.glob("steps-*.jsonl")):
        for line in written.read_text().splitlines():
            record = json.loads(line)
            if record["received"] >= since:
                for step, ms in steps_of(record).items():
                    steps.setdefault(step, []).append(ms)
    return {
        step: {
            "moves": len(values),
            "p50_ms": round(statistics.median(values), 2),
            "p90_ms": round(_rank(values, 0.9), 2),
            "p99_ms": round(_rank(values, 0.99), 2),
        }
        for step in STEPS
        if (values := sorted(steps.get(step, [])))
    }


def _rank(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
