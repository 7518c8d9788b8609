"""Rummy 70 benchmark: bot decision times, applied actions per second, and the owed-cards
check on 15-card hands holding both jokers (prints figures).

    .venv/bin/python -m tests.bench.bench_rummy [--matches 30] [--players 4] [--positions 2000]

Not collected by pytest (the file name does not start with ``test_``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from games.engine.cards import ACE, KING, SUITS, Card
from games.engine.rummy import NextHand, apply, bot, new_match, replay, view
from games.engine.rummy.actions import Action
from games.engine.rummy.deal import seeded_deck
from games.engine.rummy.melds import Meld, form_meld
from games.engine.rummy.owed import placeable
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
            started = time.perf_counter()
            shown = view(state, seat)
            times["view of the seat on turn"].append(time.perf_counter() - started)
            started = time.perf_counter()
            action = bot.decide(shown)
            elapsed = time.perf_counter() - started
            times["bot decision (all)"].append(elapsed)
            if len(state.hands[seat]) == 15:
                times["bot decision (15 cards)"].append(elapsed)
        state = apply(state, seat, action)
        log.append((seat, action))
    return state, log


def _table(rng: random.Random, deck: list[Card]) -> list[Meld]:
    """Four to nine melds of real cards taken from ``deck``: runs of 3 to 6, sets of 3 or 4."""
    melds: list[Meld] = []
    while len(melds) < rng.randint(4, 9):
        if rng.random() < 0.6:
            suit, length = rng.choice(SUITS), rng.randint(3, 6)
            low = rng.randint(ACE, KING + 2 - length)
            faces = [Card(r, suit) for r in range(low, low + length)]
        else:
            rank = rng.randint(ACE, KING)
            faces = [Card(rank, s) for s in rng.sample(SUITS, rng.choice([3, 4]))]
        physical = [next((c for c in deck if c == f), None) for f in faces]
        if None in physical:
            continue
        for card in physical:
            assert card is not None
            deck.remove(card)
        melds.append(form_meld([c for c in physical if c is not None]))
    return melds


def _owed_positions(count: int) -> list[tuple[list[Card], list[Card], list[Meld]]]:
    """15-card hands holding both jokers: the jokers, freed by swaps, and a taken card owed,
    or (every other position) the taken card only, the jokers free to help."""
    positions = []
    for number in range(count):
        rng = random.Random(f"owed-bench-{number}")
        deck = seeded_deck("owed-bench", number)
        jokers = [c for c in deck if c.is_joker]
        deck = [c for c in deck if not c.is_joker]
        melds = _table(rng, deck)
        hand = [*deck[:13], *jokers]
        owed = [hand[12], *jokers] if number % 2 == 0 else [hand[12]]
        positions.append((hand, owed, melds))
    return positions


def _owed_check(count: int) -> None:
    """Each position is checked three times: the first run as a player's move meets it, and the
    best of the three (what the search costs without the scheduler and the collector of a busy
    machine)."""
    first: list[float] = []
    best: list[float] = []
    answers = {True: 0, False: 0}
    for hand, owed, melds in _owed_positions(count):
        runs = []
        for _ in range(3):
            started = time.perf_counter()
            answer = placeable(hand, owed, melds)
            runs.append((time.perf_counter() - started) * 1000)
        first.append(runs[0])
        best.append(min(runs))
        answers[answer] += 1
    print(
        f"owed-cards check (15 cards, both jokers in hand): n={count}, "
        f"placeable {answers[True]}, not {answers[False]}"
    )
    for name, ms in (("one run", first), ("best of 3", best)):
        print(
            f"  {name}: p50={statistics.median(ms):.2f} ms p99={_percentile(ms, 0.99):.2f} ms "
            f"max={max(ms):.2f} ms"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--positions", type=int, default=2000)
    args = parser.parse_args()
    _owed_check(args.positions)
    times: dict[str, list[float]] = {
        "bot decision (all)": [],
        "bot decision (15 cards)": [],
        "view of the seat on turn": [],
    }
    logs: list[tuple[str, Log]] = []
    for number in range(args.matches):
        seed = f"bench-{number}"
        _, log = _play(args.players, seed, times)
        logs.append((seed, log))
    print(f"{args.matches} matches, {args.players} players")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(
            f"{name}: n={len(ms)} p50={statistics.median(ms):.2f} ms "
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
