"""``make run``: daphne and a Celery worker with its beat, and the worker started again whenever it
exits (docs/clocks-and-bots.md). Without the worker no turn clock runs out and no bot moves, while
daphne keeps serving as if nothing were wrong: so a worker that dies is logged and replaced within
a second or two, and ``/healthz`` reports it meanwhile.

Ctrl-C (or SIGTERM) stops both; if daphne stops, the worker is stopped with it. The worker runs in
a process group of its own, so that stopping it stops its pool and its beat too.

    .venv/bin/python -m cardroom.embedded [--bind 127.0.0.1] [--port 8000]"""

import argparse
import contextlib
import os
import signal
import subprocess
import sys
import time
from types import FrameType

WORKER = ["-m", "celery", "-A", "cardroom", "worker", "--beat", "--concurrency", "2"]
WORKER_EXITED = "the Celery worker exited"
STOP_SECONDS = 10.0
LOOK_SECONDS = 0.5
# A worker that dies at once (a broken set-up) is not restarted in a tight loop: the pause doubles
# up to a limit while it keeps dying young.
YOUNG_SECONDS = 10.0
FIRST_PAUSE_SECONDS = 1.0
LONGEST_PAUSE_SECONDS = 30.0


def say(text: str) -> None:
    print(f"cardroom: {text}", file=sys.stderr, flush=True)


def start_worker() -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, *WORKER, "--loglevel", "INFO"], start_new_session=True)


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """Stop ``process`` and whatever is left of its process group (a worker's pool and beat)."""
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=STOP_SECONDS)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def serve(*, bind: str, port: int) -> int:
    stopping = False

    def ask_to_stop(signum: int, frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGINT, ask_to_stop)
    signal.signal(signal.SIGTERM, ask_to_stop)
    daphne = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", bind, "-p", str(port), "cardroom.asgi:application"]
    )
    worker = start_worker()
    started = time.monotonic()
    pause = FIRST_PAUSE_SECONDS
    try:
        while not stopping and daphne.poll() is None:
            code = worker.poll()
            if code is None:
                time.sleep(LOOK_SECONDS)
                continue
            stop_group(worker)
            lived = time.monotonic() - started
            young = lived < YOUNG_SECONDS
            pause = min(pause * 2, LONGEST_PAUSE_SECONDS) if young else FIRST_PAUSE_SECONDS
            say(f"{WORKER_EXITED} with code {code} after {lived:.0f} s; starting it again")
            time.sleep(pause)
            worker = start_worker()
            started = time.monotonic()
    finally:
        stop_group(worker)
        stop(daphne)
    return daphne.returncode or 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    return serve(bind=args.bind, port=args.port)


if __name__ == "__main__":
    sys.exit(main())
