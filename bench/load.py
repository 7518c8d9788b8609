"""The load benchmark: ``python -m bench.load --tables 100 --pace 0.25 --duration 30``.

Starts the site for real on this machine (daphne, a throwaway PostgreSQL database, the Redis
channel layer, a Celery worker with its beat and its sweep every 3 s, Redis as its broker), seats
``--tables`` tables of four logged-in users (``--game``: Rummy 70, Golfo, or both alternately),
opens one websocket per seat, and has every table act once per ``--pace`` seconds for
``--duration`` seconds, timing each move until every seat of its table has the new
``#table-version``. The same clients drive the bare relay (``bench/relay.py``) on the same Redis
in the same seconds, a relay table's move between two of the site's, so that the two are timed on
the machine as it is at that moment (the harness's CPU is theirs together). Writes
``artifacts/bench/load-*.json`` and prints a table. Everything is stopped and the database dropped
at the end, even on failure."""

import argparse
import asyncio
import gc
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from typing import Any

from bench.clients import Mover, Seat, Send, TableClient, Totals, open_all, play_all
from bench.machine_speed import slow_seconds, start_probe, stop_probe
from bench.move_steps import FOLDER_VARIABLE, WRITE_SECONDS, summary
from bench.proc import (
    CpuMeter,
    load_average,
    machine_shares,
    machine_times,
    pids_in_group,
    pids_matching,
    rss_bytes,
)
from bench.report import (
    latency_figures,
    slowest_figures,
    steady_latency_figures,
    table_text,
    worker_figures,
    write_json,
)
from bench.stack import (
    ROOT,
    Server,
    Stack,
    running_stack,
    start_relay,
    start_site,
    start_worker,
    stop_servers,
)

OUTPUT_FOLDER = ROOT / "artifacts" / "bench"
STEPS_FOLDER = OUTPUT_FOLDER / "steps"
OPEN_AT_ONCE = 20
LATER_SOCKETS_MIN = 400
OPEN_SECONDS = 600.0
SETTLE_SECONDS = 3.0
PROFILE_SECONDS_MAX = 600
GAMES = {"rummy70": ("rummy70",), "golfo": ("golfo",), "mix": ("rummy70", "golfo")}


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--tables", type=int, default=100, help="tables of four (100)")
    parser.add_argument("--pace", type=float, default=0.25, help="seconds between a table's moves")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of play (30)")
    parser.add_argument(
        "--game",
        choices=sorted(GAMES),
        default="rummy70",
        help="what the tables play (rummy70); mix: Rummy 70 and Golfo tables alternately",
    )
    parser.add_argument("--servers", type=int, default=1, help="daphne processes for the site (1)")
    parser.add_argument(
        "--by-table",
        action="store_true",
        help="with several servers, every seat of a table on the same one (as a proxy routing by "
        "table would); without it a table's seats are spread over them",
    )
    parser.add_argument(
        "--redis-url",
        default="redis://127.0.0.1:6379/11",
        help="the site's Redis: channel layer and Celery broker",
    )
    parser.add_argument(
        "--no-relay", action="store_true", help="the site alone, without the bare relay"
    )
    parser.add_argument(
        "--profile", action="store_true", help="record the site's daphne with py-spy (installed)"
    )
    parser.add_argument(
        "--steps",
        action="store_true",
        help="time each move step by step inside the site's daphne (bench/move_steps.py)",
    )
    parser.add_argument("--output", type=Path, help="JSON file (artifacts/bench/load-<time>.json)")
    options = parser.parse_args(argv)
    if not (1 <= options.tables <= 2000 and 1 <= options.servers <= 4):
        parser.error("--tables must be 1-2000 and --servers 1-4")
    if not (0.05 <= options.pace <= 60 and 1 <= options.duration <= 1800):
        parser.error("--pace must be 0.05-60 s and --duration 1-1800 s")
    if not options.redis_url.startswith(("redis://127.0.0.1", "redis://localhost")):
        parser.error("the benchmark runs only against this machine's Redis")
    return options


def setup_django(stack: Stack) -> None:
    """Django in this process, on the throwaway database. No socket is open while the tables are
    set up, so the harness's own nudges go to the in-memory layer."""
    os.environ.update(
        {key: stack.environment[key] for key in ("DATABASE_URL", "SECRET_KEY", "CELERY_FOLDER")}
    )
    os.environ.update(
        DEBUG="0",
        ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SETTINGS_MODULE="cardroom.settings",
        CELERY_BROKER_URL="memory://",
        LOG_LEVEL="WARNING",
    )
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


@dataclass(frozen=True)
class Contender:
    """One stack under measure: its tables' clients, how they choose a move, its daphne
    processes, and the other processes to meter (asked when the play starts and when it ends:
    PostgreSQL starts a backend per connection, and the site opens some at its first move)."""

    name: str
    tables: list[TableClient]
    mover: Mover
    servers: list[Server]
    cpu_groups: Callable[[], dict[str, list[int]]]


async def measure(
    contenders: list[Contender], options: argparse.Namespace
) -> dict[str, dict[str, Any]]:
    """Open every contender's sockets and note its servers' memory, then play them all in the
    same seconds, their tables' moves alternating, and gather each one's figures. Played one
    after the other, the site and the relay ran minutes apart, and the machine's speed moved
    between them by as much as the ratio's margin (docs/performance.md, twenty-fourth pass)."""
    opened = [await open_contender(contender) for contender in contenders]
    await asyncio.sleep(SETTLE_SECONDS)
    for contender, sockets in zip(contenders, opened, strict=True):
        sockets.settled(contender)
    profiles = [
        profile
        for contender in contenders
        for profile in start_profiles(contender.name, contender.servers, options)
    ]
    meters = [CpuMeter(partial(metered, contender)) for contender in contenders]
    for meter in meters:
        meter.start(time.perf_counter())
    machine_before = machine_times()
    speed_samples = OUTPUT_FOLDER / "machine-speed.txt"
    speed_probe = start_probe(speed_samples)
    say(f"{' and '.join(c.name for c in contenders)}: playing for {options.duration} s")
    clients_collector_off()
    try:
        start, end = await play_all(
            alternated(contenders), pace=options.pace, duration=options.duration
        )
    finally:
        cpu = [meter.stop(time.perf_counter()) for meter in meters]
        machine = machine_shares(machine_before, machine_times())
        samples = stop_probe(speed_probe, speed_samples)
        gc.enable()
        gc.unfreeze()
        for contender in contenders:
            for table in contender.tables:
                await table.close()
        for profile in profiles:
            profile.wait(timeout=PROFILE_SECONDS_MAX)
    elapsed = end - start
    slow = slow_seconds(samples, start, end)
    steps = {}
    if options.steps:
        await asyncio.sleep(WRITE_SECONDS * 2)
        steps = {"site": {"steps": summary(STEPS_FOLDER, since=start)}}
    return {
        contender.name: {
            **play_figures(contender.tables[0].totals, sockets, start, elapsed, slow),
            **steps.get(contender.name, {}),
            "cpu_percent": cpu_percent,
            "machine_percent": machine,
            "machine_speed": {
                "slow_seconds": [
                    {"at_s": second, "factor": factor} for second, factor in sorted(slow.items())
                ]
            },
        }
        for contender, sockets, cpu_percent in zip(contenders, opened, cpu, strict=True)
    }


def time_moves_by_step(stack: Stack) -> None:
    """Have the site's daphne processes time each move step by step (``bench.move_steps``),
    writing to ``STEPS_FOLDER``, emptied first."""
    STEPS_FOLDER.mkdir(parents=True, exist_ok=True)
    for old in STEPS_FOLDER.glob("steps-*.jsonl"):
        old.unlink()
    paths = [str(ROOT / "bench" / "steps_site"), str(ROOT)]
    if stack.environment.get("PYTHONPATH"):
        paths.append(stack.environment["PYTHONPATH"])
    stack.environment.update(
        PYTHONPATH=os.pathsep.join(paths), **{FOLDER_VARIABLE: str(STEPS_FOLDER)}
    )


def metered(contender: Contender) -> dict[str, list[int]]:
    """The processes whose CPU is measured for the contender, by group."""
    return {
        "daphne": [server.process.pid for server in contender.servers],
        **contender.cpu_groups(),
        "harness": [os.getpid()],
    }


@dataclass
class OpenedSockets:
    """A contender's sockets once open: its servers' memory before the first and halfway through
    (``(rss, sockets open)``), how long they took, and once they have settled, its servers' memory
    and what its clients had received."""

    sockets: int
    rss_before: int
    halfway: list[tuple[int, int]]
    connect_s: float
    rss_after: int = 0
    frames_before: int = 0
    bytes_before: int = 0

    def settled(self, contender: Contender) -> None:
        self.rss_after = sum(rss_bytes(server.process.pid) for server in contender.servers)
        totals = contender.tables[0].totals
        self.frames_before, self.bytes_before = totals.frames, totals.frame_bytes


async def open_contender(contender: Contender) -> OpenedSockets:
    """Open the contender's sockets, noting its servers' memory before and halfway through."""
    name, tables = contender.name, contender.tables
    server_pids = [server.process.pid for server in contender.servers]
    rss_before = sum(rss_bytes(pid) for pid in server_pids)
    sockets = sum(len(table.seats) for table in tables)
    started = time.perf_counter()
    halfway: list[tuple[int, int]] = []

    def progress(count: int) -> None:
        if count == len(tables) // 2:
            rss = sum(rss_bytes(pid) for pid in server_pids)
            halfway.append((rss, sockets * count // len(tables)))
        if count % 50 == 0 or count == len(tables):
            say(f"{name}: {count}/{len(tables)} tables connected")

    await open_all(tables, at_once=OPEN_AT_ONCE, deadline=started + OPEN_SECONDS, progress=progress)
    return OpenedSockets(sockets, rss_before, halfway, time.perf_counter() - started)


def alternated(contenders: list[Contender]) -> list[tuple[TableClient, Mover]]:
    """The contenders' tables taken in turn, one of each, with their movers: the order
    ``play_all`` spreads their slots over a pace in."""
    rounds = zip(*(contender.tables for contender in contenders), strict=True)
    return [
        (table, contender.mover)
        for tables in rounds
        for contender, table in zip(contenders, tables, strict=True)
    ]


def play_figures(
    totals: Totals, opened: OpenedSockets, start: float, elapsed: float, slow: dict[int, float]
) -> dict[str, Any]:
    rss_after, sockets = opened.rss_after, opened.sockets
    return {
        "latency": latency_figures(totals.latencies),
        "by_move": {
            move: {"actions": len(latencies), **latency_figures(latencies)}
            for move, latencies in sorted(totals.by_move.items())
        },
        "actions": len(totals.latencies),
        "actions_per_s": round(len(totals.latencies) / elapsed, 1),
        "frames_per_s": round((totals.frames - opened.frames_before) / elapsed, 1),
        "frame_kb_per_s": round((totals.frame_bytes - opened.bytes_before) / 1024 / elapsed, 1),
        "errors": totals.errors,
        "error_samples": totals.error_samples,
        "error_kinds": totals.error_kinds,
        "lost_races": totals.lost_races,
        "idle_slots": totals.idle_slots,
        "slowest": slowest_figures(totals.timeline, start, slow),
        "steady_latency": steady_latency_figures(totals.timeline, start, slow),
        "sockets": sockets,
        "connect_s": round(opened.connect_s, 1),
        "server_rss_mb": round(rss_after / 2**20, 1),
        "idle_kb_per_connection": round((rss_after - opened.rss_before) / 1024 / sockets, 1),
        "idle_kb_per_later_connection": later_connection_kb(opened.halfway, rss_after, sockets),
    }


def clients_collector_off() -> None:
    """No garbage collection in the clients' process during the play: its 2,000 sockets stand
    for as many browsers, and a collection of their heap (up to half a second) stopped all of
    them at once, so that the frames it held up counted as the server's latency, the site's and
    the relay's alike. What they hold when the play starts is frozen; collections resume once it
    ends."""
    gc.collect()
    gc.freeze()
    gc.disable()


def later_connection_kb(
    halfway: list[tuple[int, int]], rss_after: int, sockets: int
) -> float | None:
    """The servers' growth per socket over the second half of the tables to connect: what one more
    idle socket costs, without what a process spends once, on its first sockets (its thread pool,
    its database connections, its caches' first entries). ``None`` for fewer than
    ``LATER_SOCKETS_MIN`` sockets in that half, whose growth is lost in the pages' rounding."""
    if not halfway or sockets - halfway[0][1] < LATER_SOCKETS_MIN:
        return None
    rss_half, sockets_half = halfway[0]
    return round((rss_after - rss_half) / 1024 / (sockets - sockets_half), 1)


def start_profiles(
    name: str, servers: list[Server], options: argparse.Namespace
) -> list[subprocess.Popen[bytes]]:
    """py-spy on each site server for the play's duration, when asked (``pip install py-spy``)."""
    if not options.profile or name != "site":
        return []
    py_spy = Path(sys.executable).with_name("py-spy")
    return [
        subprocess.Popen(
            [
                str(py_spy),
                "record",
                "--pid",
                str(server.process.pid),
                "--duration",
                str(int(min(options.duration, PROFILE_SECONDS_MAX))),
                "--gil",  # only the thread holding the GIL: where the process's CPU goes
                "--format",
                "raw",
                "--output",
                str(OUTPUT_FOLDER / f"profile-{server.name}.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for server in servers
    ]


def site_clients(
    seated: list[Any], servers: list[Server], totals: Totals, *, by_table: bool
) -> list[TableClient]:
    """Seat ``i`` of table ``t`` connects to server ``(t + i) % servers``, so a table's moves
    cross processes through Redis when there are several; ``by_table``: to server
    ``t % servers``, every seat of a table on the same one."""
    clients = []
    for number, table in enumerate(seated):
        seats = []
        for position, session in enumerate(table.sessions):
            port = servers[(number + (0 if by_table else position)) % len(servers)].port
            seats.append(
                Seat(
                    url=f"ws://127.0.0.1:{port}/ws/tables/{table.table_id}/",
                    origin=f"http://127.0.0.1:{port}",
                    cookie=f"sessionid={session}; django_language=en",
                )
            )
        clients.append(TableClient(table.table_id, seats, totals))
    return clients


def relay_clients(count: int, server: Server, totals: Totals) -> list[TableClient]:
    seat = Seat(
        url=f"ws://127.0.0.1:{server.port}/ws/relay/{{table}}/",
        origin=f"http://127.0.0.1:{server.port}",
        cookie="",
    )
    return [
        TableClient(
            number,
            [Seat(seat.url.format(table=number), seat.origin, seat.cookie) for _ in range(4)],
            totals,
        )
        for number in range(count)
    ]


async def relay_mover(table: TableClient) -> Send:
    version = min(table.versions)
    return Send(seat=version % len(table.seats), version=version, fields={})


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    OUTPUT_FOLDER.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    output = options.output or OUTPUT_FOLDER / f"load-{now:%Y%m%d-%H%M%S}.json"
    record: dict[str, Any] = {
        "date": now.isoformat(timespec="seconds"),
        "command": " ".join(["python -m bench.load", *(argv or sys.argv[1:])]),
        "tables": options.tables,
        "game": options.game,
        "pace_s": options.pace,
        "duration_s": options.duration,
        "site_processes": options.servers,
        "seats_by_table": options.by_table,
        "cores": os.cpu_count(),
        "load_average_before": load_average(),
    }
    say(
        f"load average {record['load_average_before']}; "
        f"setting up {options.tables} tables ({options.game})"
    )
    with running_stack(redis_url=options.redis_url, log_folder=OUTPUT_FOLDER) as stack:
        setup_django(stack)
        from bench.seating import KnownMatches, seat_tables

        seated = seat_tables(options.tables, GAMES[options.game])
        user_seats = {
            table.table_id: {user: seat for seat, user in enumerate(table.user_ids)}
            for table in seated
        }

        matches = KnownMatches()

        async def site_mover(table: TableClient) -> Send | None:
            versions = set(table.versions)
            shown = versions.pop() if len(versions) == 1 else None
            move = await asyncio.to_thread(matches.next_move, table.table_id, shown)
            if move is None:
                return None
            seat = user_seats[table.table_id][move.user_id]
            # The version his socket last showed, as his browser's form would send it.
            return Send(seat, table.versions[seat], move.fields)

        if options.steps:
            time_moves_by_step(stack)
        servers = start_site(stack, options.servers)
        worker = start_worker(stack)
        redis = pids_matching("redis-server")
        contenders = [
            Contender(
                "site",
                site_clients(seated, servers, Totals(), by_table=options.by_table),
                site_mover,
                servers,
                lambda: {
                    "postgres": pids_matching(stack.database),
                    "redis": redis,
                    "celery": pids_in_group(worker.process.pid),
                },
            )
        ]
        if not options.no_relay:
            relay = start_relay(stack)
            contenders.append(
                Contender(
                    "relay",
                    relay_clients(options.tables, relay, Totals()),
                    relay_mover,
                    [relay],
                    lambda: {"redis": redis},
                )
            )
        record.update(asyncio.run(measure(contenders, options)))
        stop_servers(stack)
        record["site"]["celery"] = worker_figures(worker.log)
        record["site"]["match_reads"] = matches.reads
        say(f"site: the players read their tables' matches {matches.reads} times")
    record["load_average_after"] = load_average()
    if "relay" in record:
        for figures, ratio in (
            ("latency", "ratio_to_relay"),
            ("steady_latency", "steady_ratio_to_relay"),
        ):
            site, relay_run = record["site"][figures], record["relay"][figures]
            record[ratio] = {
                rank: round(site[f"{rank}_ms"] / max(relay_run[f"{rank}_ms"], 0.01), 2)
                for rank in ("p50", "p99")
            }
    write_json(record, output)
    print(table_text(record))
    print(f"written to {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
