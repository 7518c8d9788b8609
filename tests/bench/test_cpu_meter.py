"""The load benchmark's CPU figures count the processes of a group found when the play ends as
well as those found when it began: a daphne process opens its event loop's database connection at
its first move, and the PostgreSQL backend that serves it starts during the play."""

import subprocess
import sys
import time

from bench.proc import CpuMeter

BUSY = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"


def test_a_process_started_during_the_interval_counts_whole() -> None:
    started: list[int] = []
    meter = CpuMeter(lambda: {"postgres": list(started)})
    meter.start(time.perf_counter())
    backend = subprocess.Popen([sys.executable, "-c", BUSY + "time.sleep(5)"])
    started.append(backend.pid)
    try:
        time.sleep(1.0)
        shares = meter.stop(time.perf_counter())
    finally:
        backend.kill()
        backend.wait()

    assert shares["postgres"] >= 20.0, "0.3 s of CPU or more over about a second"
