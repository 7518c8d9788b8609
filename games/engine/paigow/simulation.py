"""Bot coups at Pai Gow Poker tables that check every rule after every action.

    python -m games.engine.simulate paigow --coups 2000 --seed 1

Tables of one to six seats; bots bet the minimum and set by the house way, and the dealer closes
the bets early at some tables. After every action: chips conserved (seats + bets + bank), no
negative amount, all 53 cards accounted for once dealt, every split legal (no foul), a copy never
won by a seat, a win paid even money less the commission, the previous state unchanged, no view
showing another seat's, the bank's or the stock's cards before the coup is settled. After every
table: the replay of its log reaches the same state and its JSON round-trips. Exits 1 on the
first violation.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter

from games.engine.paigow import bot
from games.engine.paigow.actions import Action, CloseBets, NextHand
from games.engine.paigow.hands import high_value, is_foul, low_value
from games.engine.paigow.match import apply, legal_moves, new_match, replay
from games.engine.paigow.options import Options
from games.engine.paigow.serialize import state_from_json, state_to_json
from games.engine.paigow.state import Outcome, Phase, State
from games.engine.paigow.views import view


class Violation(Exception):
    pass


def violations(state: State, total: int) -> list[str]:
    """Every rule a reachable state must keep; ``total``: the table's chips."""
    problems = []
    if state.chips_total != total:
        problems.append(f"chips {state.chips_total} != {total}")
    if state.bank < 0 or any(seat.chips < 0 or seat.bet < 0 for seat in state.seats):
        problems.append("a negative amount")
    if state.phase in (Phase.SETTING, Phase.COUP_OVER) and state.bank_cards:
        held = [card for seat in state.seats for card in seat.cards]
        held += state.bank_cards + state.stock
        if sorted(card.id for card in held) != list(range(53)):
            problems.append("the 53 cards are not all accounted for once")
    for seat in state.seats:
        if seat.low and is_foul(seat.high, seat.low):
            problems.append("a foul split was accepted")
    if state.phase is Phase.COUP_OVER:
        problems += _settled(state)
    return problems


def _settled(state: State) -> list[str]:
    problems: list[str] = []
    if not state.bank_cards:
        return problems
    bank_high, bank_low = high_value(state.bank_high), low_value(state.bank_low)
    for seat in state.seats:
        if not seat.bet:
            continue
        won = (high_value(seat.high) > bank_high) + (low_value(seat.low) > bank_low)
        expected = {2: Outcome.WIN, 1: Outcome.PUSH, 0: Outcome.LOSS}[won]
        net = {
            Outcome.WIN: seat.bet - state.options.commission_on(seat.bet),
            Outcome.PUSH: 0,
            Outcome.LOSS: -seat.bet,
        }[expected]
        if seat.outcome is not expected or seat.net != net:
            problems.append(f"seat settled {seat.outcome} {seat.net}, rules say {expected} {net}")
    return problems


def leaks(state: State, viewer: int) -> list[str]:
    seen = view(state, viewer)
    problems = []
    if state.phase is not Phase.COUP_OVER:
        if seen["bank"]["high"] is not None or seen["bank"]["low"] is not None:
            problems.append("the bank's cards are shown before the coup is settled")
        for number, seat in enumerate(seen["seats"]):
            if number != viewer and seat["cards"] is not None:
                problems.append(f"seat {viewer} sees seat {number}'s cards")
    if any(card.to_json() in str(seen) for card in state.stock):
        problems.append("a stock card is in a view")
    return problems


def step(state: State, total: int, close_early: bool) -> tuple[State, int | None, Action]:
    before = state.copy()
    movers = [seat for seat in range(len(state.seats)) if legal_moves(state, seat)]
    seat: int | None
    action: Action
    if state.phase is Phase.COUP_OVER:
        seat, action = None, NextHand()
    elif state.phase is Phase.BETTING and close_early and len(movers) == 1:
        seat, action = None, CloseBets()
    else:
        seat = movers[0]
        problems = leaks(state, seat)
        if problems:
            raise Violation("; ".join(problems))
        action = bot.decide(view(state, seat))
    new = apply(state, seat, action)
    problems = violations(new, total)
    if state_to_json(state) != state_to_json(before):
        problems.append("apply changed the state it was given")
    if problems:
        raise Violation(f"after {action} by {seat}: " + "; ".join(problems))
    return new, seat, action


def play_table(seed: str, players: int, options: Options, coups: int, tally: Counter[str]) -> None:
    state = new_match(players=players, options=options, seed=seed)
    total = state.chips_total
    log: list[tuple[int | None, Action]] = []
    close_early = players % 2 == 0
    while state.phase is not Phase.MATCH_OVER and state.coup_no <= coups:
        state, seat, action = step(state, total, close_early)
        log.append((seat, action))
        tally["actions"] += 1
        if state.phase is Phase.COUP_OVER and not isinstance(action, NextHand):
            tally["coups"] += 1
            for player in state.seats:
                if player.outcome is not None:
                    tally[str(player.outcome)] += 1
    if state_to_json(replay(seed, options, players, log)) != state_to_json(state):
        raise Violation(f"table {seed}: its replay reached another state")
    if state_to_json(state_from_json(state_to_json(state))) != state_to_json(state):
        raise Violation(f"table {seed}: its JSON does not round-trip")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.simulate paigow")
    parser.add_argument("--coups", type=int, default=2000)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--table-coups", type=int, default=100, help="coups before a new table")
    args = parser.parse_args(argv)
    tally: Counter[str] = Counter()
    started = time.perf_counter()
    number = 0
    try:
        while tally["coups"] < args.coups:
            players = number % 6 + 1
            options = Options(starting_chips=200 + 100 * players, bank=2000 * players)
            play_table(f"{args.seed}/{number}", players, options, args.table_coups, tally)
            number += 1
    except Violation as violation:
        print(f"VIOLATION after {tally['coups']} coups: {violation}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    print(f"coups: {tally['coups']} at {number} tables, actions: {tally['actions']}")
    print(f"time: {seconds:.1f} s")
    for name in ("win", "push", "loss"):
        print(f"  {name}: {tally[name]}")
    print("violations: 0")
    return 0
