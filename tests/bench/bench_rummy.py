"""Rummy 70 benchmark: bot decision times and applied actions per second (prints figures).

    .venv/bin/python -m tests.bench.bench_rummy [--matches 30] [--players 4]

Not collected by pytest (the file name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.engine.rummy import NextHand, apply, bot, new_match, replay, view
from games.engine.rummy.actions import Action
from games.engine.rummy.state import State


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


Log = list[tuple[int | None, Action]]


def _play(players: int, seed: str, times: dict[str, list[float]]) -> tuple[State, Log]:
    state = new_match(players=players, seed=seed)
    log: Log = []
    while state.phase != "match_over":
        if state.phase == "hand_over":
            seat: int | None = None
            action: Action = NextHand()
        else:
            seat = state.turn
            shown = view(state, seat)
            started = time.perf_counter()
            action = bot.decide(shown)
            elapsed = time.perf_counter() - started
            times["all"].append(elapsed)
            if len(state.hands[seat]) == 15:
                times["15 cards"].append(elapsed)
        state = apply(state, seat, action)
        log.append((seat, action))
    return state, log


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"all": [], "15 cards": []}
    logs: list[tuple[str, Log]] = []
    for number in range(args.matches):
        seed = f"bench-{number}"
        _, log = _play(args.players, seed, times)
        logs.append((seed, log))
    print(f"{args.matches} matches, {args.players} players")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(
            f"bot decision ({name}): n={len(ms)} p50={statistics.median(ms):.2f} ms "
            f"p99={_percentile(ms, 0.99):.2f} ms max={max(ms):.2f} ms"
        )
    started = time.perf_counter()
    applied = 0
    for seed, log in logs:
        replay(seed, None, args.players, log)
        applied += len(log)
    elapsed = time.perf_counter() - started
    print(
        f"apply (replay of the logs): {applied} actions in {elapsed:.2f} s = "
        f"{applied / elapsed:.0f} actions/s"
    )


if __name__ == "__main__":
    main()
