"""What the benchmark reads about processes from /proc: CPU time and resident memory."""

import os
from collections.abc import Callable
from pathlib import Path

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of ``pid`` so far (0 when it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def rss_bytes(pid: int) -> int:
    """Resident set size of ``pid`` (0 when it is gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    for line in status.splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def pids_matching(text: str) -> list[int]:
    """Processes whose command line holds ``text`` (PostgreSQL backends name their database
    there)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in cmdline:
            found.append(int(entry.name))
    return found


def pids_in_group(group: int) -> list[int]:
    """Processes of the process group ``group``: a process started in a session of its own and
    its children (a Celery worker's pool and beat)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[2]) == group:
            found.append(int(entry.name))
    return found


MACHINE_STATES = ("user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal")


def machine_times() -> dict[str, int]:
    """The machine's CPU time so far by state, all cores together, in clock ticks (the ``cpu``
    line of /proc/stat)."""
    line = Path("/proc/stat").read_text().split("\n", 1)[0]
    return dict(zip(MACHINE_STATES, (int(ticks) for ticks in line.split()[1:]), strict=False))


def machine_shares(before: dict[str, int], after: dict[str, int]) -> dict[str, float]:
    """The share of the machine's CPU time between two readings that its virtual machine's host
    took for others (``steal``) and that the cores spent waiting for the disk (``iowait``), in
    percent: a run whose slow moves come with either is the machine's, not the site's."""
    spent = {state: after.get(state, 0) - before.get(state, 0) for state in MACHINE_STATES}
    total = max(1, sum(spent.values()))
    return {state: round(100 * spent[state] / total, 2) for state in ("steal", "iowait")}


def load_average() -> tuple[float, float, float]:
    one, five, fifteen = os.getloadavg()
    return round(one, 2), round(five, 2), round(fifteen, 2)


class CpuMeter:
    """CPU seconds used by named groups of processes between ``start`` and ``stop``. ``groups``
    names each group's processes; it is asked at both ends, so that a process started during the
    interval (a PostgreSQL backend for a connection the site opens at its first move) counts
    whole. A process gone before the end is not counted."""

    def __init__(self, groups: Callable[[], dict[str, list[int]]]) -> None:
        self.groups = groups
        self.at_start: dict[str, list[int]] = {}
        self.before: dict[int, float] = {}
        self.wall = 0.0

    def start(self, now: float) -> None:
        self.at_start = self.groups()
        self.before = {pid: cpu_seconds(pid) for pids in self.at_start.values() for pid in pids}
        self.wall = now

    def stop(self, now: float) -> dict[str, float]:
        """Each group's share of one core over the interval, in percent."""
        elapsed = max(now - self.wall, 1e-9)
        at_end = self.groups()
        shares = {}
        for name, pids in self.at_start.items():
            every = set(pids) | set(at_end.get(name, ()))
            used = sum(max(0.0, cpu_seconds(pid) - self.before.get(pid, 0.0)) for pid in every)
            shares[name] = round(100 * used / elapsed, 1)
        return shares
