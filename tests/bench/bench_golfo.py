"""Golfo engine figures: bot decision time (p50, p99, max) and applied actions per second.

    .venv/bin/python -m tests.bench.bench_golfo [--hands 3000] [--seed 1]

Bots play four-seat matches with the default options; no rule checks run here (the simulation
does those), so the figures are the engine's own. Prints them; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games.engine.golfo import Action, NextHand, Options, State, apply, bot, new_match, view
from games.engine.golfo.simulation import mover
from games.engine.golfo.state import HAND_LANCES, Lance


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    decide_ms: list[float] = []
    view_and_decide_ms: list[float] = []
    apply_seconds = 0.0
    applied = 0
    hands = 0
    match_no = 0
    while hands < args.hands:
        state: State = new_match(players=4, options=Options(), seed=f"{args.seed}/{match_no}")
        match_no += 1
        while hands < args.hands and state.lance is not Lance.MATCH_OVER:
            seat = mover(state)
            if seat is None:
                action: Action = NextHand()
            else:
                started = time.perf_counter()
                seen = view(state, seat)
                middle = time.perf_counter()
                action = bot.decide(seen)
                ended = time.perf_counter()
                decide_ms.append((ended - middle) * 1000)
                view_and_decide_ms.append((ended - started) * 1000)
            playing = state.lance in HAND_LANCES
            started = time.perf_counter()
            state = apply(state, seat, action)
            apply_seconds += time.perf_counter() - started
            applied += 1
            hands += playing and state.lance not in HAND_LANCES
    print(f"hands: {hands}, bot decisions: {len(decide_ms)}, applied actions: {applied}")
    for name, times in (("bot.decide", decide_ms), ("view + bot.decide", view_and_decide_ms)):
        print(
            f"{name}: p50 {statistics.median(times):.3f} ms, p99 {percentile(times, 0.99):.3f} ms,"
            f" max {max(times):.3f} ms"
        )
    each = apply_seconds * 1e6 / applied
    print(f"apply: {applied / apply_seconds:.0f} actions/s ({each:.1f} µs each)")


if __name__ == "__main__":
    main()
