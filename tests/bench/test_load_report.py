"""What the load benchmark says of a run's slowest moves: the slowest 1%, and whether they came
together (a stall) or spread over the run (the moves' own cost); and how much of the machine's
time its host took for others or spent waiting for the disk meanwhile."""

from bench.proc import machine_shares
from bench.report import slowest_figures, table_text

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
    assert slowest_figures([], START) == {"moves": 0, "seconds": 0, "by_move": {}, "each": []}


def test_the_machine_s_stolen_and_waiting_time_is_a_share_of_all_its_time() -> None:
    before = {"user": 100, "system": 50, "idle": 800, "iowait": 10, "steal": 40}
    after = {"user": 300, "system": 100, "idle": 1400, "iowait": 60, "steal": 140}
    assert machine_shares(before, after) == {"steal": 10.0, "iowait": 5.0}


def test_the_printed_table_says_where_the_slowest_moves_fell_and_their_kinds() -> None:
    run = {
        "latency": {"p50_ms": 6.0, "p90_ms": 6.0, "p99_ms": 15.0, "max_ms": 15.0},
        "actions_per_s": 10.0,
        "frames_per_s": 40.0,
        "errors": 0,
        "idle_kb_per_connection": 300.0,
        "cpu_percent": {"daphne": 7.0},
        "slowest": slowest_figures(spread_run(), START),
        "machine_percent": {"steal": 0.5, "iowait": 0.0},
    }
    record = {
        "tables": 10,
        "pace_s": 1.0,
        "duration_s": 100.0,
        "site_processes": 1,
        "load_average_before": (0.1, 0.1, 0.1),
        "load_average_after": (0.1, 0.1, 0.1),
        "site": run,
        "relay": run | {"slowest": slowest_figures([(START + 3.5, 0.005, "")], START)},
    }
    text = table_text(record)
    assert (
        "site slowest 1%: 2 moves sent in 2 separate seconds (close 2); the machine meanwhile:"
        " steal 0.5%, iowait 0.0% of all cores"
    ) in text
    assert "relay slowest 1%: 1 moves sent in 1 separate seconds; the machine" in text
