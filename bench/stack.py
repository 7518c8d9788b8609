"""The processes under test: a throwaway PostgreSQL database, daphne serving the site, daphne
serving the bare relay. Each server runs in its own process group and is stopped, with the
database dropped, when the ``Stack`` block ends, whatever happened inside it."""

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 30
STOP_SECONDS = 10
MIGRATE_SECONDS = 300
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
SECRET_KEY = "load-benchmark-only-not-a-secret"


@dataclass
class Server:
    name: str
    port: int
    process: subprocess.Popen[bytes]


@dataclass
class Stack:
    """The running servers and the environment the site's processes share."""

    database: str
    environment: dict[str, str]
    log_folder: Path
    servers: list[Server] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def site_environment(*, database: str, redis_url: str) -> dict[str, str]:
    """The environment of the site's processes: production settings on this machine."""
    environment = dict(os.environ)
    environment.update(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{database}",
        REDIS_URL=redis_url,
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
    )
    environment.pop("CARDROOM_DEALS", None)
    return environment


@contextmanager
def throwaway_database(name: str) -> Iterator[str]:
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield name
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def running_stack(*, redis_url: str, log_folder: Path) -> Iterator[Stack]:
    """A migrated throwaway database; servers are added with ``start_site``/``start_relay``."""
    name = f"cardroom_bench_{os.getpid()}"
    with ExitStack() as cleanup:
        cleanup.enter_context(throwaway_database(name))
        environment = site_environment(database=name, redis_url=redis_url)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=environment,
            check=True,
            timeout=MIGRATE_SECONDS,
        )
        stack = Stack(database=name, environment=environment, log_folder=log_folder)
        cleanup.callback(stop_servers, stack)
        yield stack


def start_site(stack: Stack, count: int) -> list[Server]:
    return [
        _start(stack, f"site-{index}", "cardroom.asgi:application", stack.environment)
        for index in range(count)
    ]


def start_relay(stack: Stack) -> Server:
    environment = {**stack.environment, "DJANGO_SETTINGS_MODULE": "bench.relay_settings"}
    return _start(stack, "relay", "bench.relay:application", environment)


def _start(stack: Stack, name: str, application: str, environment: dict[str, str]) -> Server:
    port = free_port()
    log = (stack.log_folder / f"{name}.log").open("wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), application],
        cwd=ROOT,
        env=environment,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    log.close()
    server = Server(name, port, process)
    stack.servers.append(server)
    _wait_until_listening(server)
    return server


def _wait_until_listening(server: Server) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(f"{server.name} exited with {server.process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", server.port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{server.name} did not listen within {START_SECONDS} s")


def stop_servers(stack: Stack) -> None:
    for server in stack.servers:
        _signal_group(server.process, signal.SIGTERM)
    for server in stack.servers:
        try:
            server.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            _signal_group(server.process, signal.SIGKILL)
            server.process.wait(timeout=STOP_SECONDS)
    stack.servers.clear()


def _signal_group(process: subprocess.Popen[bytes], number: int) -> None:
    try:
        os.killpg(process.pid, number)
    except ProcessLookupError:
        return
