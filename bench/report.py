"""The benchmark's figures: latency percentiles, the JSON record, the table printed on stdout."""

import ast
import json
import math
import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

PERCENTILES = (50, 90, 99)
SLOWEST_SHARE = 0.01
SWEEP_DONE = re.compile(r"Task games\.sweep\[[^\]]*\] succeeded in ([0-9.e-]+)s: (\{.*\})")
TASK_DONE = re.compile(r"Task \S+\[[^\]]*\] succeeded in ")
TASK_FAILED = re.compile(r"Task \S+\[[^\]]*\] raised ")


def percentile(ordered: list[float], rank: float) -> float:
    """Nearest-rank percentile of an ascending list (0 when it is empty)."""
    if not ordered:
        return 0.0
    index = max(0, math.ceil(rank / 100 * len(ordered)) - 1)
    return ordered[index]


def latency_figures(latencies: list[float]) -> dict[str, float]:
    """p50, p90, p99 and max in milliseconds."""
    ordered = sorted(latencies)
    figures = {f"p{rank}_ms": round(1000 * percentile(ordered, rank), 2) for rank in PERCENTILES}
    figures["max_ms"] = round(1000 * ordered[-1], 2) if ordered else 0.0
    return figures


def second_of_play(at: float, start: float) -> int:
    """Which second of the play, counted from ``start``, the moment ``at`` falls in: the moves'
    and the speed probe's samples are put in seconds alike, so that a move is matched with the
    machine's speed in its second."""
    return int(at - start)


def slowest_figures(
    timeline: list[tuple[float, float, str]], start: float, slow: Collection[int] = ()
) -> dict[str, Any]:
    """The slowest 1% of the moves (at least one), those at and above the p99: how many, in how
    many separate seconds of the play they were sent, how many in the seconds ``slow`` (counted
    from ``start``) when the machine ran slow, their kinds, and each one in the order sent
    (``at_s`` after ``start``). A few seconds holding them all is a stall (a process's, the
    database's or the machine's); as many seconds as moves, the moves' own cost."""
    count = math.ceil(len(timeline) * SLOWEST_SHARE)
    slowest = sorted(sorted(timeline, key=lambda move: move[1])[len(timeline) - count :])
    kinds: dict[str, int] = {}
    for _sent, _latency, move in slowest:
        kinds[move] = kinds.get(move, 0) + 1
    seconds = [second_of_play(sent, start) for sent, _latency, _move in slowest]
    return {
        "moves": count,
        "seconds": len(set(seconds)),
        "in_slow_seconds": sum(second in slow for second in seconds),
        "by_move": dict(sorted(kinds.items(), key=lambda kind: (-kind[1], kind[0]))),
        "each": [
            {"at_s": round(sent - start, 2), "ms": round(1000 * latency, 2), "move": move}
            for sent, latency, move in slowest
        ],
    }


def steady_latency_figures(
    timeline: list[tuple[float, float, str]], start: float, slow: Collection[int]
) -> dict[str, float]:
    """The latency figures of the moves sent while the machine ran at its speed: outside the
    seconds ``slow`` (counted from ``start``), with how many moves that is."""
    steady = [
        latency for sent, latency, _move in timeline if second_of_play(sent, start) not in slow
    ]
    return {"moves": len(steady), **latency_figures(steady)}


def worker_figures(log: Path) -> dict[str, Any]:
    """What the Celery worker's log (``--loglevel INFO``) says it did over its life: the sweeps
    run, their duration, what they acted on (``games.timed.housekeeping.sweep``'s counts), the other
    tasks that succeeded and the tasks that failed."""
    text = log.read_text(errors="replace") if log.exists() else ""
    durations: list[float] = []
    done: dict[str, int] = {}
    for seconds, counts in SWEEP_DONE.findall(text):
        durations.append(float(seconds))
        for name, count in ast.literal_eval(counts).items():
            done[name] = done.get(name, 0) + int(count)
    ordered = sorted(durations)
    return {
        "sweeps": len(durations),
        "sweep_p50_ms": round(1000 * percentile(ordered, 50), 1),
        "sweep_max_ms": round(1000 * ordered[-1], 1) if ordered else 0.0,
        "sweep_done": done,
        "other_tasks": len(TASK_DONE.findall(text)) - len(durations),
        "failed_tasks": len(TASK_FAILED.findall(text)),
    }


def write_json(record: dict[str, Any], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record, indent=2) + "\n")


def machine_speed_text(run: dict[str, Any]) -> str:
    """What the probe of the machine's speed (``bench.machine_speed``) saw while the slowest moves
    were sent, to follow the slowest 1%'s line; nothing for a run recorded without it."""
    if "machine_speed" not in run:
        return ""
    slow = run["machine_speed"]["slow_seconds"]
    if not slow:
        return "; it never ran slow"
    worst = max(second["factor"] for second in slow)
    return (
        f"; {run['slowest']['in_slow_seconds']} of them in the {len(slow)} seconds it ran slow"
        f" (a fixed piece of work up to {worst}x its CPU time)"
    )


def table_text(record: dict[str, Any]) -> str:
    """The run as a few aligned lines: one row per stack, then the ratios and the goals."""
    columns = (
        ("stack", 6),
        ("p50 ms", 8),
        ("p90 ms", 8),
        ("p99 ms", 8),
        ("max ms", 8),
        ("actions/s", 10),
        ("frames/s", 9),
        ("errors", 7),
        ("kB/idle conn", 13),
    )
    lines = [
        f"{record['tables']} {record.get('game', 'rummy70')} tables x 4 sockets,"
        f" one action per table every {record['pace_s']} s,"
        f" {record['duration_s']} s; {record['site_processes']} daphne process(es);"
        f" load average {record['load_average_before']} before, {record['load_average_after']}"
        " after",
        "".join(name.rjust(width) for name, width in columns),
    ]
    for name in ("site", "relay"):
        run = record.get(name)
        if run is None:
            continue
        values = (
            name,
            run["latency"]["p50_ms"],
            run["latency"]["p90_ms"],
            run["latency"]["p99_ms"],
            run["latency"]["max_ms"],
            run["actions_per_s"],
            run["frames_per_s"],
            run["errors"],
            run["idle_kb_per_connection"],
        )
        lines.append(
            "".join(
                str(value).rjust(width) for value, (_, width) in zip(values, columns, strict=True)
            )
        )
    for name in ("site", "relay"):
        run = record.get(name)
        if run is not None:
            cpu = ", ".join(f"{group} {share}%" for group, share in run["cpu_percent"].items())
            lines.append(f"{name} CPU (% of one core): {cpu}")
    for name in ("site", "relay"):
        run = record.get(name)
        if run is not None and run.get("idle_kb_per_later_connection") is not None:
            lines.append(
                f"{name} memory: {run['idle_kb_per_connection']} kB per idle socket over all of"
                f" them, {run['idle_kb_per_later_connection']} kB per socket of the second half"
                " of the tables to connect"
            )
    for name in ("site", "relay"):
        run = record.get(name)
        if run is not None and "slowest" in run:
            slowest, machine = run["slowest"], run["machine_percent"]
            kinds = ", ".join(
                f"{move} {count}" for move, count in slowest["by_move"].items() if move
            )
            lines.append(
                f"{name} slowest 1%: {slowest['moves']} moves sent in {slowest['seconds']}"
                f" separate seconds{f' ({kinds})' if kinds else ''}; the machine meanwhile:"
                f" steal {machine['steal']}%, iowait {machine['iowait']}% of all cores"
                + machine_speed_text(run)
            )
    for name in ("site", "relay"):
        run = record.get(name)
        if run is not None and "steady_latency" in run:
            steady = run["steady_latency"]
            lines.append(
                f"{name} in the seconds the machine ran at its speed ({steady['moves']} moves):"
                f" p50 {steady['p50_ms']} ms, p99 {steady['p99_ms']} ms"
            )
    by_move = record.get("site", {}).get("by_move", {})
    if by_move:
        moves = ", ".join(
            f"{move} {run['actions']} x p50 {run['p50_ms']} / p99 {run['p99_ms']}"
            for move, run in by_move.items()
        )
        lines.append(f"site by move (ms): {moves}")
    steps = record.get("site", {}).get("steps")
    if steps:
        lines.append(
            f"{'site, a move step by step in daphne':40s} {'moves':>6s}"
            + "".join(f"{rank:>8s}" for rank in ("p50 ms", "p90 ms", "p99 ms"))
        )
        for step, figures in steps.items():
            lines.append(
                f"  {step:38s} {figures['moves']:6d}"
                + "".join(f"{figures[rank]:8.2f}" for rank in ("p50_ms", "p90_ms", "p99_ms"))
            )
    worker = record.get("site", {}).get("celery")
    if worker is not None:
        acted = ", ".join(
            f"{name} {count}" for name, count in worker["sweep_done"].items() if count
        )
        lines.append(
            f"site Celery worker: {worker['sweeps']} sweeps (p50 {worker['sweep_p50_ms']} ms,"
            f" max {worker['sweep_max_ms']} ms; acted on: {acted or 'nothing'}),"
            f" {worker['other_tasks']} other tasks, {worker['failed_tasks']} failed"
        )
    if "ratio_to_relay" in record:
        ratio = record["ratio_to_relay"]
        lines.append(f"site / relay latency: p50 {ratio['p50']}x, p99 {ratio['p99']}x")
    if "steady_ratio_to_relay" in record:
        ratio = record["steady_ratio_to_relay"]
        lines.append(
            "site / relay latency in the seconds the machine ran at its speed:"
            f" p50 {ratio['p50']}x, p99 {ratio['p99']}x"
        )
    if record.get("site", {}).get("lost_races"):
        lines.append(f"lost races (shown the table now): {record['site']['lost_races']}")
    for kind, count in record.get("site", {}).get("error_kinds", {}).items():
        lines.append(f"errors: {count} x {kind}")
    for sample in record.get("site", {}).get("error_samples", [])[:5]:
        lines.append(f"error: {sample}")
    return "\n".join(lines)
