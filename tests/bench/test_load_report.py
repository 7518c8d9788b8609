"""What the load benchmark says of a run's slowest moves: the slowest 1%, and whether they came
together (a stall) or spread over the run (the moves' own cost); how much of the machine's time
its host took for others or spent waiting for the disk meanwhile; and in which seconds the machine
itself ran slow, with the latency of the moves sent in the others."""

import itertools
import time
from pathlib import Path
from typing import Any

from bench.machine_speed import slow_seconds, start_probe, stop_probe
from bench.proc import machine_shares
from bench.report import slowest_figures, steady_latency_figures, table_text

START = 1000.0


def spread_run() -> list[tuple[float, float, str]]:
    """200 moves, one every half second: fast draws, and a slow close at 10.2 s and 70.7 s."""
    timeline = [(START + n / 2, 0.006, "draw") for n in range(200)]
    timeline[20] = (START + 10.2, 0.015, "close")
    timeline[141] = (START + 70.7, 0.012, "close")
    return timeline


def test_the_slowest_one_percent_are_listed_in_the_order_sent() -> None:
    slowest = slowest_figures(spread_run(), START)
    assert slowest["moves"] == 2
    assert slowest["by_move"] == {"close": 2}
    assert slowest["each"] == [
        {"at_s": 10.2, "ms": 15.0, "move": "close"},
        {"at_s": 70.7, "ms": 12.0, "move": "close"},
    ]
    assert slowest["seconds"] == 2


def test_slow_moves_within_one_second_count_as_one_stall() -> None:
    timeline = [(START + n / 10, 0.006, "draw") for n in range(300)]
    for n in (50, 51, 53):
        timeline[n] = (START + n / 10, 0.4, "discard" if n % 2 else "draw")
    slowest = slowest_figures(timeline, START)
    assert (slowest["moves"], slowest["seconds"]) == (3, 1)
    assert slowest["by_move"] == {"discard": 2, "draw": 1}


def test_a_run_without_moves_has_no_slowest() -> None:
    assert slowest_figures([], START) == {
        "moves": 0,
        "seconds": 0,
        "in_slow_seconds": 0,
        "by_move": {},
        "each": [],
    }


def test_the_machine_s_stolen_and_waiting_time_is_a_share_of_all_its_time() -> None:
    before = {"user": 100, "system": 50, "idle": 800, "iowait": 10, "steal": 40}
    after = {"user": 300, "system": 100, "idle": 1400, "iowait": 60, "steal": 140}
    assert machine_shares(before, after) == {"steal": 10.0, "iowait": 5.0}


def printed_run(**figures: Any) -> dict[str, Any]:
    """A run's record as ``bench.load`` writes it, with the spread run's slowest moves and
    ``figures`` over them."""
    return {
        "latency": {"p50_ms": 6.0, "p90_ms": 6.0, "p99_ms": 15.0, "max_ms": 15.0},
        "actions_per_s": 10.0,
        "frames_per_s": 40.0,
        "errors": 0,
        "idle_kb_per_connection": 300.0,
        "cpu_percent": {"daphne": 7.0},
        "slowest": slowest_figures(spread_run(), START),
        "machine_percent": {"steal": 0.5, "iowait": 0.0},
    } | figures


def printed_table(site: dict[str, Any], relay: dict[str, Any], **figures: Any) -> str:
    record = {
        "tables": 10,
        "pace_s": 1.0,
        "duration_s": 100.0,
        "site_processes": 1,
        "load_average_before": (0.1, 0.1, 0.1),
        "load_average_after": (0.1, 0.1, 0.1),
        "site": site,
        "relay": relay,
    }
    return table_text(record | figures)


def test_the_printed_table_says_where_the_slowest_moves_fell_and_their_kinds() -> None:
    text = printed_table(
        printed_run(),
        printed_run(slowest=slowest_figures([(START + 3.5, 0.005, "")], START)),
    )
    assert (
        "site slowest 1%: 2 moves sent in 2 separate seconds (close 2); the machine meanwhile:"
        " steal 0.5%, iowait 0.0% of all cores"
    ) in text
    assert "relay slowest 1%: 1 moves sent in 1 separate seconds; the machine" in text


def probe_samples(factors: dict[int, float]) -> list[tuple[float, int]]:
    """Ten samples a second for 20 s from START, 300 µs of CPU each, times ``factors[second]``
    in the seconds named, and a wide sample before the play."""
    samples = [(START - 2.0, 3_000_000)]
    for tenth in range(200):
        spent = 300_000 * factors.get(tenth // 10, 1.0)
        samples.append((START + tenth / 10, int(spent)))
    return samples


def test_seconds_when_a_fixed_piece_of_work_took_much_longer_are_the_machine_s_slow_ones() -> None:
    samples = probe_samples({3: 1.8, 4: 1.6, 9: 1.2})
    assert slow_seconds(samples, START, START + 20) == {3: 1.8, 4: 1.6}


def test_the_probe_s_samples_outside_the_play_do_not_count() -> None:
    samples = probe_samples({}) + [(START + 20.5, 900_000)]
    assert slow_seconds(samples, START, START + 20) == {}
    assert slow_seconds([], START, START + 20) == {}


def test_the_slowest_moves_sent_while_the_machine_ran_slow_are_counted() -> None:
    timeline = spread_run()
    assert slowest_figures(timeline, START, {10})["in_slow_seconds"] == 1
    assert slowest_figures(timeline, START, {10, 70})["in_slow_seconds"] == 2
    assert slowest_figures(timeline, START)["in_slow_seconds"] == 0


def test_the_steady_latency_leaves_out_the_moves_sent_while_the_machine_ran_slow() -> None:
    timeline = spread_run()
    assert steady_latency_figures(timeline, START, {10, 70}) == {
        "moves": 196,
        "p50_ms": 6.0,
        "p90_ms": 6.0,
        "p99_ms": 6.0,
        "max_ms": 6.0,
    }
    assert steady_latency_figures(timeline, START, set())["max_ms"] == 15.0


def test_the_printed_table_says_how_many_slowest_moves_fell_while_the_machine_ran_slow() -> None:
    timeline = spread_run()
    site = printed_run(
        slowest=slowest_figures(timeline, START, {10}),
        steady_latency=steady_latency_figures(timeline, START, {10}),
        machine_percent={"steal": 0.0, "iowait": 0.0},
        machine_speed={"slow_seconds": [{"at_s": 10, "factor": 1.8}]},
    )
    relay = site | {
        "slowest": slowest_figures(timeline, START),
        "steady_latency": steady_latency_figures(timeline, START, set()),
        "machine_speed": {"slow_seconds": []},
    }
    text = printed_table(
        site,
        relay,
        ratio_to_relay={"p50": 1.0, "p99": 1.0},
        steady_ratio_to_relay={"p50": 1.0, "p99": 0.8},
    )
    assert (
        "steal 0.0%, iowait 0.0% of all cores; 1 of them in the 1 seconds it ran slow"
        " (a fixed piece of work up to 1.8x its CPU time)"
    ) in text
    assert "relay slowest 1%: 2 moves sent in 2 separate seconds (close 2)" in text
    assert "iowait 0.0% of all cores; it never ran slow" in text
    assert "site in the seconds the machine ran at its speed (198 moves): p50 6.0 ms" in text
    assert (
        "site / relay latency in the seconds the machine ran at its speed: p50 1.0x, p99 0.8x"
        in text
    )


def test_the_probe_times_its_work_by_cpu_time_ten_times_a_second(tmp_path: Path) -> None:
    path = tmp_path / "speed.txt"
    began = time.perf_counter()
    probe = start_probe(path)
    deadline = began + 20
    while time.perf_counter() < deadline and len(read_lines(path)) < 6:
        time.sleep(0.1)
    samples = stop_probe(probe, path)
    assert len(samples) >= 6
    assert all(began < at < time.perf_counter() for at, _spent in samples)
    assert all(0 < spent < 50_000_000 for _at, spent in samples)
    times = [at for at, _spent in samples]
    assert min(later - earlier for earlier, later in itertools.pairwise(times)) >= 0.1


def read_lines(path: Path) -> list[str]:
    return path.read_text().splitlines() if path.exists() else []
