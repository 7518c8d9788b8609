"""The embedded set-up's broker (no Redis): daphne, beat and the worker's pool all send tasks
into one folder while the worker reads it. The worker must never read a message that is still
being written (it used to die with ``Unrecoverable error: JSONDecodeError``, kombu #1551)."""

import os
import subprocess
import sys
from pathlib import Path
from queue import Empty
from typing import Any

import pytest
from kombu import Connection

from bench.broker_race import race

EMBEDDED_BROKER = "cardroomfs://localhost/"


def embedded_connection(folder: Path) -> Connection:
    options = {
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
        "store_processed": False,
    }
    return Connection(EMBEDDED_BROKER, transport_options=options)


def test_make_run_sends_tasks_through_the_whole_message_broker() -> None:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("REDIS_URL", "CELERY_BROKER_URL", "DATABASE_URL")
    }
    shown = subprocess.run(
        [sys.executable, "-c", "from cardroom.celery import app; print(app.conf.broker_url)"],
        env=environment | {"DJANGO_SETTINGS_MODULE": "cardroom.settings"},
        capture_output=True,
        text=True,
        check=True,
    )
    assert shown.stdout.strip() == EMBEDDED_BROKER


def test_a_reader_looking_while_a_message_is_written_finds_nothing_or_all_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    sender = embedded_connection(tmp_path)
    reader = embedded_connection(tmp_path)
    sender.SimpleQueue("celery").close()
    reading_channel = reader.default_channel
    seen_midway: list[Any] = []
    transport_module = sys.modules[type(sender.default_channel).__module__]
    serialize = transport_module.dumps

    def dumps_while_the_reader_looks(payload: Any) -> str:
        text: str = serialize(payload)
        try:
            seen_midway.append(reading_channel._get("celery"))
        except Empty:
            seen_midway.append(None)
        return text

    monkeypatch.setattr(transport_module, "dumps", dumps_while_the_reader_looks)
    sender.default_channel._put("celery", {"body": "a bot's move"})
    monkeypatch.undo()

    assert seen_midway == [None]
    assert reading_channel._get("celery") == {"body": "a bot's move"}
    sender.release()
    reader.release()


def test_three_fast_senders_and_a_reader_lose_nothing() -> None:
    figures = race("cardroomfs", publishers=3, pace=0.005, seconds=4.0)

    assert figures["consumer_error"] == "none"
    assert figures["received"] == figures["sent"] > 0
