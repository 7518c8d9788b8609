"""Can the embedded broker hand a consumer a half-written message? Bounded, no Django.

Several processes publish small messages into one broker as fast as they can (as daphne and the
worker's beat and pool do, only harder) while one process consumes them the way a Celery worker
does (kombu's polling ``drain_events``). A consumer that meets an unreadable message dies, as the
worker did (``Unrecoverable error: JSONDecodeError``). Printed per broker: messages sent and
received, the consumer's error if any, throughput, and the publish-to-receive latency.

    .venv/bin/python -m bench.broker_race --brokers filesystem cardroomfs --seconds 20

``sqla`` (kombu's SQLAlchemy transport on a SQLite file) needs the SQLAlchemy package importable
(e.g. ``PYTHONPATH=/tmp/sqla``)."""

import argparse
import multiprocessing
import statistics
import sys
import tempfile
import time
from pathlib import Path
from queue import Empty
from typing import Any

from kombu import Connection

import cardroom.broker  # noqa: F401  (registers cardroomfs://)

QUEUE = "race"
START_SECONDS = 120


def connection(broker: str, folder: Path) -> Connection:
    """The consumer looks again at once when it finds nothing (``polling_interval`` 0; Celery
    waits a second when idle): the worst case for a half-written file."""
    if broker == "sqla":
        # This transport hands its options to SQLAlchemy's create_engine, which refuses
        # polling_interval: set it on the transport instead.
        sqla = Connection(f"sqla+sqlite:///{folder / 'broker.sqlite3'}")
        sqla.transport.polling_interval = 0.0
        return sqla
    options = {
        "polling_interval": 0.0,
        "data_folder_in": str(folder),
        "data_folder_out": str(folder),
        "control_folder": str(folder / "control"),
        "store_processed": False,
    }
    return Connection(f"{broker}://localhost/", transport_options=options)


def race_starts(start: Any, seconds: float) -> float:
    """Waits until every process of the race is connected (a loaded machine takes seconds to
    start them), then answers when the race ends."""
    start.wait(timeout=START_SECONDS)
    return time.time() + seconds


def publish(broker: str, folder: Path, start: Any, seconds: float, pace: float, sent: Any) -> None:
    count = 0
    errors = 0
    with connection(broker, folder) as conn:
        queue = conn.SimpleQueue(QUEUE)
        until = race_starts(start, seconds)
        while time.time() < until:
            try:
                queue.put({"at": time.time(), "pad": "x" * 400})
                count += 1
            except Exception:
                errors += 1
            time.sleep(pace)
        queue.close()
    with sent.get_lock():
        sent.value += count
    if errors:
        print(f"  publisher: {errors} publish errors", file=sys.stderr)


def consume(broker: str, folder: Path, start: Any, seconds: float, results: Any) -> None:
    latencies: list[float] = []
    error = ""
    with connection(broker, folder) as conn:
        queue = conn.SimpleQueue(QUEUE)
        until = race_starts(start, seconds)
        while time.time() < until + 2:
            try:
                message = queue.get(block=True, timeout=0.5)
            except Empty:
                if time.time() > until:
                    break
                continue
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
                break
            latencies.append(time.time() - message.payload["at"])
            message.ack()
    results.put((len(latencies), latencies, error))


def race(broker: str, publishers: int, pace: float, seconds: float) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix=f"race-{broker}-") as name:
        folder = Path(name)
        connection(broker, folder).SimpleQueue(QUEUE).close()  # declare once before the race
        start = context.Barrier(publishers + 1)
        sent = context.Value("l", 0)
        results = context.Queue()
        consumer = context.Process(target=consume, args=(broker, folder, start, seconds, results))
        writers = [
            context.Process(target=publish, args=(broker, folder, start, seconds, pace, sent))
            for _ in range(publishers)
        ]
        consumer.start()
        for writer in writers:
            writer.start()
        for writer in writers:
            writer.join()
        received, latencies, error = results.get(timeout=START_SECONDS + seconds + 60)
        consumer.join()
    latencies.sort()
    return {
        "broker": broker,
        "sent": sent.value,
        "received": received,
        "consumer_error": error or "none",
        "received_per_s": round(received / seconds),
        "latency_p50_ms": round(statistics.median(latencies) * 1000, 1) if latencies else None,
        "latency_p99_ms": (
            round(latencies[int(len(latencies) * 0.99)] * 1000, 1) if latencies else None
        ),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--brokers", nargs="+", default=["filesystem", "cardroomfs"])
    parser.add_argument("--publishers", type=int, default=3)
    parser.add_argument("--pace", type=float, default=0.005, help="pause after each publish")
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    failed = False
    for broker in args.brokers:
        figures = race(broker, args.publishers, args.pace, args.seconds)
        print(" ".join(f"{key}={value}" for key, value in figures.items()), flush=True)
        failed = failed or figures["consumer_error"] != "none"
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
