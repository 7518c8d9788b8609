"""``make run`` (``python -m cardroom.embedded``): a Celery worker that dies is started again, and
Ctrl-C still stops everything."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from cardroom.embedded import WORKER_EXITED
from tests.support.servers import ROOT, free_port

START_SECONDS = 60


def site_environment(folder: Path) -> dict[str, str]:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in ("REDIS_URL", "DATABASE_URL", "CELERY_BROKER_URL")
    }
    return environment | {
        "SQLITE_PATH": str(folder / "db.sqlite3"),
        "CELERY_FOLDER": str(folder / "celery"),
        "DEBUG": "1",
        "PYTHONUNBUFFERED": "1",
    }


def wait_for_log(log: Path, text: str, count: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + START_SECONDS
    while log.read_text(errors="replace").count(text) < count:
        assert process.poll() is None, log.read_text(errors="replace")
        assert time.monotonic() < deadline, f"no {text!r} ({count}) in:\n{log.read_text()}"
        time.sleep(0.2)


def workers_of(supervisor: int) -> list[int]:
    """The Celery worker processes the supervisor started (its children running celery)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if parent == supervisor and b"celery" in command:
            found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_worker_that_dies_is_started_again_and_ctrl_c_stops_all(tmp_path: Path) -> None:
    environment = site_environment(tmp_path)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=environment,
        check=True,
    )
    log = tmp_path / "site.log"
    command = [sys.executable, "-m", "cardroom.embedded", "--port", str(free_port())]
    with log.open("wb") as output:
        site = subprocess.Popen(
            command, cwd=ROOT, env=environment, stdout=output, stderr=subprocess.STDOUT
        )
    try:
        wait_for_log(log, " ready.", 1, site)
        [first] = workers_of(site.pid)

        os.killpg(first, signal.SIGKILL)  # the worker, its pool and its beat crash at once

        wait_for_log(log, WORKER_EXITED, 1, site)
        wait_for_log(log, " ready.", 2, site)
        [second] = workers_of(site.pid)
        assert second != first

        site.send_signal(signal.SIGINT)
        assert site.wait(timeout=30) == 0
        assert not alive(second)
        assert workers_of(site.pid) == []
    finally:
        if site.poll() is None:
            site.kill()
            site.wait()
