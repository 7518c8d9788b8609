"""Stud coups with players who bet and decide at random or like the bot, checking every rule
after every move.

    python -m games.engine.simulate stud --coups 2000 --seed 1

After every move: chips conserved between the seats and the bank, no negative amount, the 52
cards accounted for by id, every view free of hidden cards. Now and then a common card is shown
by mistake (``Expose``). After every match: its replay from seed and log gives the same state,
and its JSON round-trips. Exits 1 on the first violation.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter

from games.engine.stud import bot
from games.engine.stud.actions import Action, Bet, Deal, Expose, NextHand, Ride, Withdraw
from games.engine.stud.game import apply, legal_moves, new_match, replay
from games.engine.stud.invariants import leaks, violations
from games.engine.stud.options import MAX_SEATS, Options
from games.engine.stud.serialize import state_from_json, state_to_json
from games.engine.stud.state import Phase, State
from games.engine.stud.views import view

COUPS_PER_MATCH = 50


class Violation(Exception):
    pass


def _player_move(state: State, seat: int, rng: random.Random) -> Action | None:
    """A legal move for ``seat``: the bot's, or a random one; ``None``: it sits out."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    if rng.random() < 0.5:
        return bot.decide(view(state, seat))
    move = moves[0]
    if move["kind"] == "bet":
        return Bet(rng.randint(move["min"], move["max"])) if rng.random() < 0.8 else None
    choices: list[Action] = [Ride(), Withdraw()]
    return rng.choice(choices)


def play_match(seed: str, players: int, options: Options, rng: random.Random) -> Counter[str]:
    state = new_match(players=players, options=options, seed=seed)
    issued = state.chips_total()
    log: list[tuple[int | None, Action]] = []
    tally: Counter[str] = Counter()

    def step(seat: int | None, action: Action) -> None:
        nonlocal state
        before = state_to_json(state)
        after = apply(state, seat, action)
        if state_to_json(state) != before:
            raise Violation("a move changed the state it was applied to")
        log.append((seat, action))
        state = after
        problems = violations(state, issued)
        for viewer in [None, *range(players)]:
            problems += leaks(state, view(state, viewer))
        if problems:
            raise Violation(f"{seed} after {action} by {seat}: {problems}")

    for _ in range(COUPS_PER_MATCH):
        for seat in range(players):
            move = _player_move(state, seat, rng)
            if move is not None:
                step(seat, move)
        if not any(seat.in_hand for seat in state.seats):
            tally["nobody bet"] += 1
            break
        step(None, Deal())
        while state.phase is not Phase.HAND_OVER:
            if rng.random() < 0.02:
                hidden = [p for p in (0, 1) if p >= state.shown and p not in state.exposed]
                if hidden:
                    step(None, Expose(rng.choice(hidden)))
                    continue
            assert state.turn is not None
            move = _player_move(state, state.turn, rng)
            assert move is not None
            step(state.turn, move)
        tally["voided" if state.voided else "paid"] += 1
        for player in state.seats:
            if player.result is not None:
                tally[str(player.result.category)] += 1
        step(None, NextHand())
    if replay(seed, options, players, log) != state:
        raise Violation(f"{seed}: the replay differs")
    if state_from_json(state_to_json(state)) != state:
        raise Violation(f"{seed}: the JSON round-trip differs")
    return tally


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate stud")
    parser.add_argument("--coups", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    started = time.perf_counter()
    tally: Counter[str] = Counter()
    matches = 0
    try:
        while tally["paid"] + tally["voided"] < args.coups:
            players = rng.randint(1, MAX_SEATS)
            options = Options(stake=rng.choice([30, 300, 3000]), max_bet=rng.choice([5, 100]))
            tally += play_match(f"{args.seed}-{matches}", players, options, rng)
            matches += 1
    except Violation as error:
        print(f"VIOLATION: {error}", file=sys.stderr)
        return 1
    took = time.perf_counter() - started
    print(f"{matches} matches, {tally['paid'] + tally['voided']} coups in {took:.1f} s: ok")
    for name, count in sorted(tally.items()):
        print(f"  {name}: {count}")
    return 0
