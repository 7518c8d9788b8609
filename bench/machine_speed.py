"""The machine's own speed through a play, measured apart from what it runs.

This virtual machine sometimes runs every process slower for a few seconds: a fixed piece of
work takes 1.6-2.1 times its usual CPU time for 1 to 7 s, with no steal and no iowait in
/proc/stat (docs/performance.md, twenty-second pass). Moves sent then are slow whoever serves
them, and a run whose slowest 1% fell in them says more about the machine than about the site.

``python -m bench.machine_speed FILE`` is the probe: ten times a second it times a fixed piece of
work by the CPU time of its own thread, so that waiting for a core does not count, only a core
that runs slower, and appends ``perf_counter`` (the clients' clock) and the nanoseconds to FILE.
It uses about 0.3% of a core. A second of the play is slow when the probe's median in it is over
``SLOW_FACTOR`` times its median over the whole play."""

import statistics
import subprocess
import sys
import time
from pathlib import Path

from bench.report import second_of_play

PERIOD_S = 0.1
WORK = 30_000
SLOW_FACTOR = 1.25

Sample = tuple[float, int]


def probe(path: Path) -> None:
    with path.open("a") as output:
        while True:
            began = time.thread_time_ns()
            sum(range(WORK))
            spent = time.thread_time_ns() - began
            output.write(f"{time.perf_counter():.4f} {spent}\n")
            output.flush()
            time.sleep(PERIOD_S)


def start_probe(path: Path) -> subprocess.Popen[bytes]:
    path.unlink(missing_ok=True)
    return subprocess.Popen(
        [sys.executable, "-m", "bench.machine_speed", str(path)], cwd=Path(__file__).parents[1]
    )


def stop_probe(process: subprocess.Popen[bytes], path: Path) -> list[Sample]:
    process.terminate()
    process.wait()
    samples = []
    for line in path.read_text().splitlines():
        fields = line.split()
        if len(fields) == 2:  # not a line cut short as the probe was stopped
            samples.append((float(fields[0]), int(fields[1])))
    return samples


def slow_seconds(samples: list[Sample], start: float, end: float) -> dict[int, float]:
    """The seconds of the play (counted from ``start``) in which the machine ran slow, each with
    how many times its usual CPU time the fixed work took there (the probe's median in that
    second over its median in the whole play)."""
    played = [(at, spent) for at, spent in samples if start <= at < end]
    if not played:
        return {}
    usual = statistics.median(spent for _at, spent in played)
    by_second: dict[int, list[int]] = {}
    for at, spent in played:
        by_second.setdefault(second_of_play(at, start), []).append(spent)
    factors = {second: statistics.median(spents) / usual for second, spents in by_second.items()}
    return {second: round(factor, 2) for second, factor in factors.items() if factor > SLOW_FACTOR}


if __name__ == "__main__":
    probe(Path(sys.argv[1]))
