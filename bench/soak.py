"""Soak test of the embedded set-up: the site started exactly as ``make run`` starts it, bot tables
playing for minutes, and a check from the database that the worker never stopped and that every
turn clock that ran out was played.

    .venv/bin/python -m bench.soak --minutes 10 [--golfo 6] [--rummy 2]

The site is ``python -m cardroom.embedded`` (daphne and ``celery worker --beat`` under the
supervisor ``make run`` uses), with no REDIS_URL and no DATABASE_URL: SQLite and the embedded
broker, on a throwaway database (``SQLITE_PATH``) and broker folder (``CELERY_FOLDER``). Each
table has its host seated and never connected, with a 30 s turn clock and bots in the other seats.
For the first ``SIT_OUT_SECONDS`` of a match every turn of the host ends by his clock running out,
and the worker must play it; then he is sat out and bots play every seat as fast as they do (the
load under which the old broker failed). A table whose match ends is replaced by a new one.
``--broker filesystem://localhost/`` runs the same against kombu's own filesystem transport.

Once a second it reads from the database: turn deadlines and bot moves overdue by more than
``--late`` seconds (a few sweeps), and how old beat's last sweep is. It fails (exit 1) on any
overdue deadline or bot move, on a sweep older than ``CARDROOM_WORKER_STALE_SECONDS``, on any
worker exit the supervisor logged, or if no clock ran out at all; and prints the figures."""

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CLOCK_SECONDS = 30
SIT_OUT_SECONDS = 75
STOP_SECONDS = 20


@dataclass
class Watch:
    """What the run saw."""

    samples: int = 0
    overdue_deadlines: dict[int, float] = field(default_factory=dict)
    overdue_bots: dict[int, float] = field(default_factory=dict)
    oldest_sweep_seconds: float = 0.0
    first_sweep_seen: bool = False
    tables_opened: int = 0


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--golfo", type=int, default=6, help="Golfo tables playing at once")
    parser.add_argument("--rummy", type=int, default=2, help="Rummy 70 tables playing at once")
    parser.add_argument("--late", type=float, default=10.0, help="seconds overdue that fail")
    parser.add_argument("--port", type=int, default=0, help="daphne's port (0: a free one)")
    parser.add_argument("--broker", default="", help="CELERY_BROKER_URL (default: the site's)")
    return parser.parse_args(argv)


def site_environment(folder: Path, broker: str) -> dict[str, str]:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("REDIS_URL", "DATABASE_URL", "CELERY_BROKER_URL", "CARDROOM_DEALS")
    }
    environment.update(
        SQLITE_PATH=str(folder / "db.sqlite3"),
        CELERY_FOLDER=str(folder / "celery"),
        CARDROOM_SIT_OUT_SECONDS=str(SIT_OUT_SECONDS),
        DEBUG="1",
        PYTHONUNBUFFERED="1",
    )
    if broker:
        environment["CELERY_BROKER_URL"] = broker
    return environment


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def setup_django(environment: dict[str, str]) -> None:
    for name in ("REDIS_URL", "DATABASE_URL", "CELERY_BROKER_URL", "CARDROOM_DEALS"):
        os.environ.pop(name, None)
    os.environ.update(environment)
    os.environ["DJANGO_SETTINGS_MODULE"] = "cardroom.settings"
    import django

    django.setup()


def open_bot_table(host: Any, game: str) -> int:
    from games.models import Table
    from games.tables import seating

    table = seating.create_table(
        host=host,
        game=game,
        seat_count=4,
        visibility=Table.Visibility.PUBLIC,
        clock=CLOCK_SECONDS,
        options={},
    )
    seating.fill_with_bots(table_id=table.pk, by=host)
    seating.start_table(table_id=table.pk, by=host)
    return int(table.pk)


def keep_tables_playing(hosts: dict[str, list[Any]], watch: Watch) -> None:
    """Every host has one playing table: a finished match is replaced by a new table."""
    from games.models import Table

    for game, people in hosts.items():
        for host in people:
            playing = Table.objects.filter(host=host, status=Table.Status.PLAYING).exists()
            if not playing:
                open_bot_table(host, game)
                watch.tables_opened += 1


def look(watch: Watch, late: float) -> None:
    from datetime import timedelta

    from django.db.models import F
    from django.utils import timezone

    from games.models import Game, Table
    from sweeps.records import last_sweep

    now = timezone.now()
    playing = Game.objects.filter(status=Game.Status.PLAYING, table__status=Table.Status.PLAYING)
    limit = now - timedelta(seconds=late)
    for column, seen in (
        ("turn_deadline", watch.overdue_deadlines),
        ("bot_move_at", watch.overdue_bots),
    ):
        overdue = playing.filter(**{f"{column}__lte": limit}).values_list("table_id", F(column))
        for table_id, due in overdue:
            seen[table_id] = max(seen.get(table_id, 0.0), (now - due).total_seconds())
    finished_at = last_sweep()
    if finished_at is not None:
        watch.first_sweep_seen = True
        age = (now - finished_at).total_seconds()
        watch.oldest_sweep_seconds = max(watch.oldest_sweep_seconds, age)
    watch.samples += 1


def wait_for_first_sweep(site: subprocess.Popen[bytes], seconds: float) -> None:
    from sweeps.records import last_sweep

    deadline = time.monotonic() + seconds
    while last_sweep() is None:
        if site.poll() is not None:
            raise SystemExit(f"the site exited with {site.returncode} before the first sweep")
        if time.monotonic() > deadline:
            raise SystemExit(f"no sweep within {seconds:.0f} s of starting the site")
        time.sleep(0.5)


def stop(site: subprocess.Popen[bytes]) -> None:
    """Ctrl-C, as a person stops ``make run``."""
    if site.poll() is None:
        os.killpg(site.pid, signal.SIGINT)
        try:
            site.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(site.pid, signal.SIGKILL)
            site.wait()


def report(watch: Watch, log: str, minutes: float, stale_seconds: float) -> list[str]:
    from django.db.models import Count

    from cardroom.embedded import WORKER_EXITED
    from games.models import Action, Hand, TableNote

    timeouts = dict(
        TableNote.objects.filter(kind=TableNote.Kind.TIMEOUT)
        .values("table_id")
        .annotate(count=Count("id"))
        .values_list("table_id", "count")
    )
    exits = log.count(WORKER_EXITED)
    unrecoverable = log.count("Unrecoverable error")
    figures = {
        "minutes": minutes,
        "tables_opened": watch.tables_opened,
        "moves": Action.objects.count(),
        "hands_finished": Hand.objects.count(),
        "timeouts_played": sum(timeouts.values()),
        "tables_with_a_timeout": len(timeouts),
        "worker_exits": exits,
        "unrecoverable_errors": unrecoverable,
        "overdue_deadlines": len(watch.overdue_deadlines),
        "overdue_bot_moves": len(watch.overdue_bots),
        "oldest_sweep_seconds": round(watch.oldest_sweep_seconds, 1),
        "samples": watch.samples,
    }
    print(" ".join(f"{name}={value}" for name, value in figures.items()), flush=True)
    failures = []
    if exits or unrecoverable:
        failures.append(f"the worker exited {exits} times ({unrecoverable} unrecoverable errors)")
    if watch.overdue_deadlines:
        failures.append(f"turn deadlines left unplayed: {watch.overdue_deadlines}")
    if watch.overdue_bots:
        failures.append(f"bot moves left unplayed: {watch.overdue_bots}")
    if watch.oldest_sweep_seconds > stale_seconds:
        failures.append(f"a sweep {watch.oldest_sweep_seconds:.0f} s old")
    if not timeouts and minutes * 60 > 3 * CLOCK_SECONDS:
        failures.append("no turn clock ran out: the run tested no timeout")
    return failures


def stop_on_sigterm(signum: int, frame: FrameType | None) -> None:
    raise SystemExit(f"stopped by signal {signum}")


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    signal.signal(signal.SIGTERM, stop_on_sigterm)
    with tempfile.TemporaryDirectory(prefix="cardroom-soak-") as name:
        folder = Path(name)
        environment = site_environment(folder, args.broker)
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=environment,
            check=True,
        )
        setup_django(environment)
        from django.conf import settings

        from games.models import User

        port = args.port or free_port()
        log_path = folder / "site.log"
        command = [sys.executable, "-m", "cardroom.embedded", "--port", str(port)]
        print(f"soak: {' '.join(command)} (log {log_path})", flush=True)
        with log_path.open("wb") as log_file:
            site = subprocess.Popen(
                command,
                cwd=ROOT,
                env=environment,
                stdout=log_file,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        watch = Watch()
        try:
            wait_for_first_sweep(site, seconds=60)
            hosts = {
                "golfo": [
                    User.objects.create(username=f"soak-golfo-{n}", display_name=f"Golfo {n}")
                    for n in range(args.golfo)
                ],
                "rummy70": [
                    User.objects.create(username=f"soak-rummy-{n}", display_name=f"Rummy {n}")
                    for n in range(args.rummy)
                ],
            }
            ends = time.monotonic() + args.minutes * 60
            while time.monotonic() < ends:
                if site.poll() is not None:
                    break
                keep_tables_playing(hosts, watch)
                look(watch, args.late)
                time.sleep(1.0)
            site_exited = site.poll()
        finally:
            stop(site)
        log = log_path.read_text(errors="replace")
        failures = report(watch, log, args.minutes, settings.CARDROOM_WORKER_STALE_SECONDS)
        if site_exited is not None:
            failures.append(f"the site exited with {site_exited} during the run")
    for failure in failures:
        print(f"soak FAILED: {failure}", file=sys.stderr)
    if failures:
        print(log[-4000:], file=sys.stderr)
        return 1
    print("soak passed", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
