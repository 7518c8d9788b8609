"""Bot-against-bank Monte coups that check every rule after every action.

    python -m games.engine.simulate monte --coups 10000 --players 4 --seed 1

After every action: chips conserved (players + bets on the cloth + bank = what was issued),
nothing negative, all 40 cards accounted for by id, no view showing the stock, the previous state
unchanged. After the run: the replay from seed and log gives the same state, and the JSON
round-trips. Exits 1 on the first violation.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Iterator

from games.engine.monte import bot
from games.engine.monte.actions import Action, NextCoup, NoVaMas
from games.engine.monte.coup import apply, new_match, replay, violations
from games.engine.monte.options import Options
from games.engine.monte.serialize import state_from_json, state_to_json
from games.engine.monte.state import BETTING, Phase, State
from games.engine.monte.views import view


class Violation(Exception):
    pass


def _check(before: State, before_json: dict[str, object], after: State) -> None:
    if state_to_json(before) != before_json:
        raise Violation("apply changed the state it was given")
    found = violations(after)
    if found:
        raise Violation("; ".join(found))
    stock = {str(card) for card in after.stock}
    for seat in [None, *range(after.players)]:
        if stock & set(_strings(view(after, seat))):
            raise Violation(f"the view of {seat} shows a card of the stock")


def _strings(data: object) -> Iterator[str]:
    """Every string in a view (each card of the deck is written once, by its notation)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for value in data.values():
            yield from _strings(value)
    elif isinstance(data, list):
        for value in data:
            yield from _strings(value)


def run(coups: int, players: int, seed: str, options: Options) -> tuple[State, Counter[str]]:
    """Play ``coups`` coups with a bot in every seat; every rule checked after every action."""
    state = new_match(players=players, options=options, seed=seed)
    log: list[tuple[int | None, Action]] = []
    tally: Counter[str] = Counter()

    def play(seat: int | None, action: Action) -> None:
        nonlocal state
        before, before_json = state, state_to_json(state)
        state = apply(state, seat, action)
        _check(before, before_json, state)
        log.append((seat, action))

    while True:
        while state.phase in BETTING:
            for seat in range(players):
                while not state.done[seat]:
                    play(seat, bot.decide(view(state, seat)))
            phase = state.phase
            play(None, NoVaMas())
            tally[f"{phase} first-card match"] += state.matches[-1].first
        tally["void coups" if state.phase is Phase.VOID else "coups"] += 1
        tally["doubled grids"] += bool(state.grid and state.grid.stacked)
        tally["burnt grids"] += bool(state.grid and state.grid.burnt)
        if state.coup_no >= coups:
            break
        play(None, NextCoup())
    if replay(seed, options, players, log) != state:
        raise Violation("the replay differs")
    if state_from_json(state_to_json(state)) != state:
        raise Violation("the JSON round trip differs")
    return state, tally


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate monte")
    parser.add_argument("--coups", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--chips", type=int, default=1000)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    options = Options(chips=args.chips)
    try:
        state, tally = run(args.coups, args.players, args.seed, options)
    except Violation as error:
        print(f"VIOLATION: {error}", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    print(f"{args.coups} coups, {args.players} players, seed {args.seed}: no violation")
    for key, count in sorted(tally.items()):
        print(f"  {key}: {count}")
    print(f"  players' chips {list(state.chips)}, bank {state.bank}, levy {state.levied}")
    print(f"  {elapsed:.1f}s")
    return 0
