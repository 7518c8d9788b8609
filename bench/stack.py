"""The processes under test: a throwaway PostgreSQL database, daphne serving the site, the site's
Celery worker with its beat, daphne serving the bare relay. Each process runs in its own process
group and is stopped, with the database dropped and the temporary folder removed, when the
``Stack`` block ends, whatever happened inside it."""

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import redis

ROOT = Path(__file__).resolve().parent.parent
START_SECONDS = 30
STOP_SECONDS = 10
WORKER_STOP_SECONDS = 20
MIGRATE_SECONDS = 300
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
SECRET_KEY = "load-benchmark-only-not-a-secret"
SIT_OUT_SECONDS = 900


@dataclass
class Server:
    name: str
    port: int
    process: subprocess.Popen[bytes]


@dataclass
class Worker:
    name: str
    process: subprocess.Popen[bytes]
    log: Path


@dataclass
class Stack:
    """The running servers and workers and the environment the site's processes share."""

    database: str
    environment: dict[str, str]
    log_folder: Path
    servers: list[Server] = field(default_factory=list)
    workers: list[Worker] = field(default_factory=list)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def site_environment(*, database: str, redis_url: str, celery_folder: Path) -> dict[str, str]:
    """The environment of the site's processes: production settings on this machine. Daphne and
    the Celery worker share it, so ``REDIS_URL`` is both the channel layer and the broker
    (``cardroom/settings.py``); ``CELERY_FOLDER`` (the beat's schedule file) is a temporary
    folder, so nothing is written in the repository."""
    environment = dict(os.environ)
    environment.pop("CELERY_BROKER_URL", None)
    environment.update(
        DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{database}",
        REDIS_URL=redis_url,
        CELERY_FOLDER=str(celery_folder),
        DEBUG="0",
        SECRET_KEY=SECRET_KEY,
        ALLOWED_HOSTS="127.0.0.1",
        LOG_LEVEL="WARNING",
        PYTHONUNBUFFERED="1",
        # Plain HTTP on this machine, and thousands of players from one address.
        SECURE_SSL_REDIRECT="0",
        SECURE_HSTS_SECONDS="0",
        CARDROOM_THROTTLING="0",
        # Every match starts when the tables are seated, before the first socket opens; opening
        # 2,000 sockets takes longer than the 60 s after which the sweep sits out a player who
        # never came. During the play every player is connected.
        CARDROOM_SIT_OUT_SECONDS=str(SIT_OUT_SECONDS),
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
    """A migrated throwaway database and an emptied Redis database; servers are added with
    ``start_site``/``start_relay``, the worker with ``start_worker``. The Redis database is
    emptied first because a run leaves Celery tasks in it whose countdowns were not yet due: the
    next run's worker would take them and spend its CPU on them, on tables of the same ids."""
    name = f"cardroom_bench_{os.getpid()}"
    redis.Redis.from_url(redis_url).flushdb()
    with ExitStack() as cleanup:
        folder = Path(cleanup.enter_context(tempfile.TemporaryDirectory(prefix="cardroom-bench-")))
        cleanup.enter_context(throwaway_database(name))
        environment = site_environment(
            database=name, redis_url=redis_url, celery_folder=folder / "celery"
        )
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


def start_worker(stack: Stack) -> Worker:
    """One Celery worker with its embedded beat, started as ``make run`` starts it (the beat sends
    ``games.sweep`` every ``CARDROOM_SWEEP_SECONDS``, 3 s); returns once it says it is ready."""
    schedule = Path(stack.environment["CELERY_FOLDER"]) / "beat-schedule"
    log = stack.log_folder / "celery.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "cardroom", "worker", "--beat"]
            + ["--concurrency", "2", "--loglevel", "INFO", "--schedule", str(schedule)],
            cwd=ROOT,
            env=stack.environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    worker = Worker("celery", process, log)
    stack.workers.append(worker)
    _wait_until_ready(worker)
    return worker


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


def _wait_until_ready(worker: Worker) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if worker.process.poll() is not None:
            raise RuntimeError(
                f"{worker.name} exited with {worker.process.returncode} (see {worker.log})"
            )
        if " ready." in worker.log.read_text(errors="replace"):
            return
        time.sleep(0.2)
    raise RuntimeError(f"{worker.name} was not ready within {START_SECONDS} s (see {worker.log})")


def stop_servers(stack: Stack) -> None:
    """Stop the servers and the workers. A worker's main process gets SIGTERM alone (its warm
    shutdown: it finishes the task in hand and stops its pool and beat); whatever is left of its
    process group is then killed."""
    for server in stack.servers:
        _signal_group(server.process, signal.SIGTERM)
    for worker in stack.workers:
        _signal(worker.process, signal.SIGTERM)
    for server in stack.servers:
        _wait_or_kill(server.process, STOP_SECONDS)
    for worker in stack.workers:
        _wait_or_kill(worker.process, WORKER_STOP_SECONDS)
        _signal_group(worker.process, signal.SIGKILL)
    stack.servers.clear()
    stack.workers.clear()


def _wait_or_kill(process: subprocess.Popen[bytes], seconds: float) -> None:
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        _signal_group(process, signal.SIGKILL)
        process.wait(timeout=STOP_SECONDS)


def _signal(process: subprocess.Popen[bytes], number: int) -> None:
    if process.poll() is None:
        process.send_signal(number)


def _signal_group(process: subprocess.Popen[bytes], number: int) -> None:
    try:
        os.killpg(process.pid, number)
    except ProcessLookupError:
        return
