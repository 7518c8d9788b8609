"""Bot-versus-bot Golfo hands that check every rule after every action.

    python -m games.engine.simulate golfo --hands 10000 --seed 1

Matches cycle through the table kinds (four or three seats, rebuy or freezeout, tie by seat order
or split) unless options fix them. After every action: chips conserved (stacks + pots = starting
stacks + rebuys), all 28 cards accounted for by id, every rule of ``invariants`` held, the acting
seat's view free of hidden cards, the previous state unchanged. After every match: its replay from
seed and log gives the same state, and its JSON round-trips. Exits 1 on the first violation.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections import Counter
from dataclasses import dataclass, field

from games.engine.golfo import bot
from games.engine.golfo.actions import Action, NextHand
from games.engine.golfo.invariants import leaks, violations
from games.engine.golfo.match import apply, legal_moves, new_match, replay
from games.engine.golfo.options import Options, Stakes, TieRule
from games.engine.golfo.serialize import state_from_json, state_to_json
from games.engine.golfo.state import HAND_LANCES, Ending, HandResult, Lance, State
from games.engine.golfo.views import view

# Seats, stakes, tie rule, starting stack: short stacks make all-ins, side pots and busts common.
TABLES: list[tuple[int, Stakes, TieRule, int]] = [
    (4, Stakes.REBUY, TieRule.SEAT_ORDER, 1000),
    (4, Stakes.FREEZEOUT, TieRule.SPLIT, 300),
    (3, Stakes.REBUY, TieRule.SPLIT, 200),
    (3, Stakes.FREEZEOUT, TieRule.SEAT_ORDER, 300),
    (4, Stakes.REBUY, TieRule.SPLIT, 150),
]


class Violation(Exception):
    pass


@dataclass
class Tally:
    hands: int = 0
    actions: int = 0
    matches: int = 0
    won: int = 0  # freezeout matches played to their winner
    endings: Counter[str] = field(default_factory=Counter)

    def count(self, result: HandResult) -> None:
        self.hands += 1
        if result.ending is Ending.FOLD_OUT:
            self.endings["fold-out"] += 1
        elif any(len(pot.winners) > 1 for pot in result.pots):
            self.endings["split"] += 1
        elif result.tied:
            self.endings["tie to seat order"] += 1
        else:
            self.endings["showdown"] += 1
        if len(result.pots) > 1:
            self.endings["(with side pots)"] += 1


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate golfo")
    parser.add_argument("--hands", type=int, default=10000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, choices=(3, 4))
    parser.add_argument("--stakes", choices=[str(s) for s in Stakes])
    parser.add_argument("--tie", choices=[str(t) for t in TieRule])
    parser.add_argument("--match-hands", type=int, default=200, help="hands before a new match")
    return parser.parse_args(argv)


def tables(args: argparse.Namespace) -> itertools.cycle[tuple[int, Options]]:
    chosen = [
        (
            args.players or players,
            Options(
                starting_stack=stack,
                stakes=Stakes(args.stakes) if args.stakes else stakes,
                tie=TieRule(args.tie) if args.tie else tie,
            ),
        )
        for players, stakes, tie, stack in TABLES
    ]
    return itertools.cycle(chosen)


def mover(state: State) -> int | None:
    """Who moves next: the seat whose turn it is, a busted seat taking a new stake, or the
    table (``None``) dealing the next hand."""
    if state.lance in HAND_LANCES:
        return state.turn
    for seat in range(len(state.players)):
        if legal_moves(state, seat):
            return seat
    return None


def step(state: State, seat: int | None) -> tuple[State, Action]:
    """One move, checked: the rules after it, the mover's view, the old state untouched."""
    before = state.copy()
    if seat is None:
        action: Action = NextHand()
    else:
        seen = view(state, seat)
        problems = leaks(state, seat, seen)
        if problems:
            raise Violation("; ".join(problems))
        action = bot.decide(seen)
    new = apply(state, seat, action)
    problems = violations(new)
    if state != before:
        problems.append("apply changed the state it was given")
    if problems:
        raise Violation(f"after {action} by {seat}: " + "; ".join(problems))
    return new, action


def play_match(
    seed: str, options: Options, players: int, tally: Tally, hands_wanted: int, limit: int
) -> None:
    state = new_match(players=players, options=options, seed=seed)
    log: list[tuple[int | None, Action]] = []
    hands_here = 0
    while tally.hands < hands_wanted and hands_here < limit:
        seat = mover(state)
        if seat is None and state.lance is not Lance.HAND_OVER:
            break
        playing = state.lance in HAND_LANCES
        state, action = step(state, seat)
        log.append((seat, action))
        tally.actions += 1
        if playing and state.result is not None:
            tally.count(state.result)
            hands_here += 1
        if state.lance is Lance.MATCH_OVER:
            break
    again = replay(seed, options, players, log)
    if state_to_json(again) != state_to_json(state):
        raise Violation(f"match {seed}: its replay reached another state")
    if state_to_json(state_from_json(state_to_json(state))) != state_to_json(state):
        raise Violation(f"match {seed}: its JSON does not round-trip")
    tally.matches += 1
    tally.won += state.lance is Lance.MATCH_OVER


def main(argv: list[str]) -> int:
    args = parse(argv)
    tally = Tally()
    started = time.perf_counter()
    try:
        for number, (players, options) in enumerate(tables(args)):
            if tally.hands >= args.hands:
                break
            seed = f"{args.seed}/{number}"
            play_match(seed, options, players, tally, args.hands, args.match_hands)
    except Violation as violation:
        print(f"VIOLATION after {tally.hands} hands: {violation}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"hands: {tally.hands} in {tally.matches} matches ({tally.won} freezeouts won)")
    print(f"actions: {tally.actions}")
    print(f"time: {seconds:.1f} s, {tally.actions / seconds:.0f} actions/s (checks included)")
    for ending, count in sorted(tally.endings.items()):
        print(f"  {ending}: {count}")
    print("violations: 0")
    return 0
