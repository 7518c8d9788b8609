"""The load benchmark's CPU figures count the processes of a group found when the play ends as
well as those found when it began: a daphne process opens its event loop's database connection at
its first move, and the PostgreSQL backend that serves it starts during the play."""

import subprocess
import sys
import time

from bench.proc import CpuMeter

BUSY = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"


def test_a_process_started_during_the_interval_counts_whole() -> None:
    """Its CPU is counted whether or not the machine is busy: the interval ends once the process
    says it has spent its 0.3 s, however long the busy machine took to give them."""
    started: list[int] = []
    meter = CpuMeter(lambda: {"postgres": list(started)})
    begun = time.perf_counter()
    meter.start(begun)
    backend = subprocess.Popen(
        [sys.executable, "-c", BUSY + "print('spent', flush=True)\ntime.sleep(60)"],
        stdout=subprocess.PIPE,
        text=True,
    )
    started.append(backend.pid)
    try:
        assert backend.stdout is not None
        assert backend.stdout.readline() == "spent\n"
        ended = time.perf_counter()
        shares = meter.stop(ended)
    finally:
        backend.kill()
        backend.wait()

    counted = shares["postgres"] * (ended - begun) / 100
    assert counted >= 0.25, "its 0.3 s, less the clock ticks the kernel rounds its times down to"
