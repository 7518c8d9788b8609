"""Real servers for the robustness tests: daphne subprocesses on this machine's loopback, sharing
the test database (and, when set, Redis), and a websocket client that talks to them as a browser
does (session cookie, origin)."""

import asyncio
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection
from django.test import Client
from websockets.asyncio.client import ClientConnection, connect

from games.models import User

ROOT = Path(__file__).resolve().parents[2]
START_SECONDS = 20
RECEIVE_SECONDS = 10


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_environment() -> dict[str, str]:
    """The environment of a server process that uses this test run's database and services."""
    environment = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    database = connection.settings_dict
    if connection.vendor == "sqlite":
        environment["SQLITE_PATH"] = str(database["NAME"])
    else:
        user, host, port = database["USER"], database["HOST"], database["PORT"] or 5432
        environment["DATABASE_URL"] = f"postgres://{user}@{host}:{port}/{database['NAME']}"
    environment["DEBUG"] = "1"
    environment.pop("CARDROOM_DEALS", None)
    return environment


@contextmanager
def daphne(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A daphne serving the site on ``127.0.0.1:port`` until the block ends (or it is stopped)."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "daphne",
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "cardroom.asgi:application",
        ],
        cwd=ROOT,
        env=server_environment(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_serving(port, process)
        yield process
    finally:
        stop(process)


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def wait_until_serving(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"daphne on port {port} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except urllib.error.HTTPError:
            return  # serving; 503 only says these tests run no Celery worker
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"daphne on port {port} did not answer within {START_SECONDS} s")


def session_cookie(user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def open_table_socket(port: int, table_id: int, session: str) -> Any:
    """A websocket on a table of the server at ``port``, signed in with ``session``."""
    return connect(
        f"ws://127.0.0.1:{port}/ws/tables/{table_id}/",
        origin=f"http://127.0.0.1:{port}",  # type: ignore[arg-type]
        additional_headers={
            "Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; "
            f"{settings.LANGUAGE_COOKIE_NAME}=en"
        },
        proxy=None,
        open_timeout=RECEIVE_SECONDS,
    )


async def read_until(websocket: ClientConnection, text: str) -> str:
    """Read frames until one holds ``text``."""
    async with asyncio.timeout(RECEIVE_SECONDS):
        while True:
            frame = await websocket.recv()
            assert isinstance(frame, str)
            if text in frame:
                return frame


async def send_move(
    websocket: ClientConnection, table_id: int, version: int, **fields: str
) -> None:
    envelope = {"action": "move", "table": str(table_id), "version": str(version)}
    await websocket.send(json.dumps({**envelope, **fields}))
