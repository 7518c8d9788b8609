"""``bench.load --steps``: each move through a table's socket is timed step by step inside the
site's process (``bench.move_steps``), from the message to the frames sent."""

import json
from pathlib import Path
from typing import Any

import pytest
from channels.db import database_sync_to_async

from bench.move_steps import attach, steps_of, summary
from games.live.consumers import TableConsumer
from games.models import User
from tests.support.live import close_all, rummy_table, send_move, table_socket
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)

IN_ORDER = ("received", "in_thread", "out_of_thread", "back_on_loop", "done")


async def test_a_move_through_a_socket_is_timed_from_its_message_to_its_frames(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await table_socket(table, ana)
    records: list[dict[str, Any]] = []
    handler = TableConsumer.receive
    detach = attach(records)
    try:
        await send_move(tab, table, move="draw")
        await receive_until(tab, "rummy-hand")
        await send_move(tab, table, move="draw")
        await receive_until(tab, "table-message")
    finally:
        detach()
        await close_all(tab)

    assert len(records) == 1, "the refused second draw moved nothing and is not counted"
    (record,) = records
    moments = [record[moment] for moment in IN_ORDER]
    assert moments == sorted(moments)
    assert {"to the thread", "back to the loop", "frames sent", "whole handler"} <= set(
        steps_of(record)
    )
    assert TableConsumer.receive is handler, "the socket's handler is its own again"


def test_a_move_written_with_its_frames_built_ahead_splits_its_statement() -> None:
    record = {
        "received": 1.0,
        "in_thread": 1.0002,
        "statement": 1.001,
        "frames_start": 1.0015,
        "frames_end": 1.004,
        "answered": 1.0042,
        "out_of_thread": 1.0043,
        "back_on_loop": 1.0045,
        "done": 1.0055,
    }
    steps = steps_of(record)
    assert steps["frames built ahead"] == pytest.approx(2.5)
    assert steps["statement sent"] == pytest.approx(0.5)
    assert "statement, frames not ahead" not in steps
    del record["frames_start"], record["frames_end"]
    assert steps_of(record)["statement, frames not ahead"] == pytest.approx(3.2)


def test_the_summary_counts_the_moves_received_during_the_play(tmp_path: Path) -> None:
    early = {"received": 1.0, "done": 1.1}
    played = [{"received": 10.0 + n, "done": 10.0 + n + 0.001 * (n + 1)} for n in range(4)]
    for name, records in (("steps-1.jsonl", [early, *played[:2]]), ("steps-2.jsonl", played[2:])):
        (tmp_path / name).write_text("".join(json.dumps(record) + "\n" for record in records))

    whole = summary(tmp_path, since=5.0)["whole handler"]

    assert whole["moves"] == 4
    assert whole["p50_ms"] == pytest.approx(2.5)
    assert whole["p99_ms"] == pytest.approx(4.0)
