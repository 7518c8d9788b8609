"""Whole Rummy 70 matches between bots, every rule checked after every action.

    python -m games.engine.simulate rummy --players 4 --matches 50 --seed 1

Prints matches, hands, how hands ended and actions per second; exits 1 on any violation.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field

from games.engine.errors import EngineError
from games.engine.rummy import bot
from games.engine.rummy.actions import Action, NextHand
from games.engine.rummy.invariants import check_move, check_state, check_view
from games.engine.rummy.rules import apply, new_match, replay
from games.engine.rummy.serialize import state_from_json, state_to_json
from games.engine.rummy.state import State
from games.engine.rummy.views import view

MAX_ACTIONS_PER_HAND = 5000


@dataclass
class Tally:
    matches: int = 0
    hands: int = 0
    actions: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    winners: Counter[int] = field(default_factory=Counter)
    violations: list[str] = field(default_factory=list)


def play_match(players: int, seed: str, tally: Tally, *, check_views: bool = True) -> State:
    """One match between bots; violations go into ``tally``."""
    state = new_match(players=players, seed=seed)
    log: list[tuple[int | None, Action]] = []
    hand_actions = 0
    while state.phase != "match_over":
        seat: int | None
        if state.phase == "hand_over":
            waiting = [s for s in state.active_seats if not state.ready[s]]
            seat = waiting[0]
            action: Action = bot.decide(view(state, seat)) if len(waiting) > 1 else NextHand()
            seat = seat if len(waiting) > 1 else None
        else:
            seat = state.turn
            action = bot.decide(view(state, seat))
        try:
            after = apply(state, seat, action)
        except EngineError as error:
            tally.violations.append(f"{seed}: bot move {action} refused: {error}")
            return state
        problems = check_state(after) + check_move(state, seat, action, after)
        if check_views:
            for viewer in [*range(players), None]:
                problems += check_view(after, viewer, view(after, viewer))
        if problems:
            tally.violations += [f"{seed} hand {state.hand_no}: {p}" for p in problems]
            return after
        if after.result is not None and state.result is None:
            tally.hands += 1
            tally.endings[after.result.ending] += 1
        hand_actions = 0 if after.hand_no != state.hand_no else hand_actions + 1
        if hand_actions > MAX_ACTIONS_PER_HAND:
            tally.violations.append(f"{seed} hand {state.hand_no}: no end after many actions")
            return after
        log.append((seat, action))
        tally.actions += 1
        state = after
    if replay(seed, None, players, log) != state:
        tally.violations.append(f"{seed}: replay from the log gives another state")
    if state_from_json(state_to_json(state)) != state:
        tally.violations.append(f"{seed}: JSON round trip changes the state")
    assert state.winner is not None
    tally.winners[state.winner] += 1
    tally.matches += 1
    return state


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate rummy")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--no-views", action="store_true", help="skip the view leak checks")
    args = parser.parse_args(argv)
    tally = Tally()
    started = time.perf_counter()
    for number in range(args.matches):
        play_match(args.players, f"{args.seed}-{number}", tally, check_views=not args.no_views)
        if tally.violations:
            break
    elapsed = time.perf_counter() - started
    endings = ", ".join(
        f"{name} {tally.endings[name]}" for name in ("seco", "no_abiertos", "abiertos", "agotada")
    )
    print(f"matches: {tally.matches}  players: {args.players}  seed: {args.seed}")
    print(f"hands: {tally.hands}  ({endings})")
    print(f"wins by seat: {dict(sorted(tally.winners.items()))}")
    print(f"actions: {tally.actions} in {elapsed:.1f} s = {tally.actions / elapsed:.0f} actions/s")
    print("(every action: bot decision, apply, invariants, views of every seat)")
    for problem in tally.violations:
        print(f"VIOLATION {problem}")
    return 1 if tally.violations else 0
