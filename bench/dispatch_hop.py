"""What Channels' consumers spend before each message they are sent, on an idle process:

    .venv/bin/python -m bench.dispatch_hop [--messages 3000]

``channels.consumer.AsyncConsumer.dispatch`` awaits ``channels.db.aclose_old_connections`` before
every handler: a trip from the event loop to the one thread that thread-sensitive calls share,
and back. The site's consumers skip it (``games.live.dispatching``). This times that trip, once
every millisecond, with the thread's database connection open (on the database the settings
name: ``DATABASE_URL`` for PostgreSQL), in a process warmed up as daphne's is
(``cardroom.warm_up``): every trip to a thread copies what the caller's context holds, both ways.
Prints the wall time and the process's CPU per trip."""

import argparse
import asyncio
import os
import statistics
import time


def arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=3000, help="trips to time (3000)")
    options = parser.parse_args(argv)
    if not 1 <= options.messages <= 100_000:
        parser.error("--messages must be 1-100000")
    return options


def connect() -> None:
    """Open the calling thread's connection (each thread has its own)."""
    from django.db import connection

    connection.ensure_connection()


async def trips(count: int) -> tuple[list[float], list[float]]:
    from channels.db import aclose_old_connections, database_sync_to_async

    await database_sync_to_async(connect)()
    walls, cpus = [], []
    for _ in range(count):
        wall, cpu = time.perf_counter(), time.process_time()
        await aclose_old_connections()
        walls.append((time.perf_counter() - wall) * 1e6)
        cpus.append((time.process_time() - cpu) * 1e6)
        await asyncio.sleep(0.001)
    return walls, cpus


def main(argv: list[str] | None = None) -> int:
    options = arguments(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
    import django

    django.setup()
    from django.db import connection

    from cardroom.warm_up import warm_up

    warm_up()
    walls, cpus = asyncio.run(trips(options.messages))
    walls.sort()
    p99 = walls[min(len(walls) - 1, int(0.99 * len(walls)))]
    print(
        f"{options.messages} trips to the shared thread ({connection.vendor}): wall p50 "
        f"{statistics.median(walls):.0f} µs, p99 {p99:.0f} µs; the process's CPU p50 "
        f"{statistics.median(cpus):.0f} µs, mean {statistics.fmean(cpus):.0f} µs"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
