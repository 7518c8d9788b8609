"""CPU of one embedded daphne holding idle table sockets: what the process's poll costs.

    .venv/bin/python -m bench.idle_sockets --sockets 300 --tables 10 --seconds 30 [--root DIR]

It migrates a throwaway SQLite database, opens ``--tables`` public tables, starts daphne as
``make run`` does (no REDIS_URL: the in-memory channel layer, so the embedded poll is on), opens
``--sockets`` anonymous table sockets on loopback spread over the tables (one visitor), lets them
sit idle, and prints daphne's CPU over ``--seconds`` (user + system time / wall time, from /proc).
``--root`` runs the site from another checkout (the same command on an older commit measures the
"before")."""

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from bench.proc import cpu_seconds

ROOT = Path(__file__).resolve().parent.parent
SETTLE_SECONDS = 5.0

OPEN_TABLES = """
from games.tables import seating
from games.models import Table, User
host = User.objects.create(username="idle-host", display_name="Idle host")
for _ in range({tables}):
    table = seating.create_table(host=host, game="rummy70", seat_count=4,
        visibility=Table.Visibility.PUBLIC, clock=0, options={{}})
    print("table=" + str(table.pk))
"""


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--port", type=int, default=0, help="daphne's port (0: a free one)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    return parser.parse_args()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_serving(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert process.poll() is None, f"daphne exited with {process.returncode}"
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit("daphne did not answer")


async def open_sockets(port: int, table_ids: list[int], count: int) -> list[ClientConnection]:
    opened = []
    origin = f"http://127.0.0.1:{port}"
    for number in range(count):
        table_id = table_ids[number % len(table_ids)]
        url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}/"
        websocket = await connect(url, origin=origin, proxy=None)  # type: ignore[arg-type]
        await websocket.recv()  # the whole page, once
        opened.append(websocket)
    return opened


async def drain(socket: ClientConnection) -> None:
    async for _message in socket:
        pass


async def measure(port: int, pid: int, table_ids: list[int], count: int, seconds: float) -> float:
    sockets = await open_sockets(port, table_ids, count)
    readers = [asyncio.create_task(drain(websocket)) for websocket in sockets]
    await asyncio.sleep(SETTLE_SECONDS)
    cpu_before, wall_before = cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(seconds)
    share = (cpu_seconds(pid) - cpu_before) / (time.monotonic() - wall_before)
    for websocket in sockets:
        await websocket.close()
    for reader in readers:
        reader.cancel()
    return share


def main() -> int:
    args = arguments()
    root = args.root.resolve()
    with tempfile.TemporaryDirectory(prefix="cardroom-idle-") as name:
        folder = Path(name)
        environment = {
            key: value
            for key, value in os.environ.items()
            if key not in ("REDIS_URL", "DATABASE_URL", "CELERY_BROKER_URL")
        }
        environment.update(
            SQLITE_PATH=str(folder / "db.sqlite3"),
            CELERY_FOLDER=str(folder / "celery"),
            DEBUG="1",
            DJANGO_SETTINGS_MODULE="cardroom.settings",
        )
        python = [sys.executable]
        subprocess.run(
            [*python, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=root,
            env=environment,
            check=True,
        )
        opened = subprocess.run(
            [*python, "manage.py", "shell", "-c", OPEN_TABLES.format(tables=args.tables)],
            cwd=root,
            env=environment,
            check=True,
            capture_output=True,
            text=True,
        )
        table_ids = [int(word[6:]) for word in opened.stdout.split() if word.startswith("table=")]
        port = args.port or free_port()
        command = [*python, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        daphne = subprocess.Popen(
            [*command, "cardroom.asgi:application"],
            cwd=root,
            env=environment,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until_serving(port, daphne)
            share = asyncio.run(measure(port, daphne.pid, table_ids, args.sockets, args.seconds))
        finally:
            daphne.terminate()
            daphne.wait(timeout=20)
    print(
        f"root={root} sockets={args.sockets} tables={args.tables} seconds={args.seconds:.0f} "
        f"daphne_cpu={share * 100:.1f}% of a core",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
