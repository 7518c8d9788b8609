"""The house's numbers for the three-bet stud: each bet's exact expected return under the best
play, by full enumeration, and the same returns simulated through the engine with the bot.

    python -m games.engine.stud.odds                      # exact, both pay tables
    python -m games.engine.stud.odds --coups 100000 --seed 1   # and a simulation

Returns are in units of one bet (each of the three equal bets is 1). Bet 3 ($) always plays;
bets 1 and 2 play only when the player lets them ride, so their returns count the withdrawals
as 0. The enumeration covers all C(52,3) three-card starts with all C(49,2) completions (and the
C(52,4) four-card positions with their 48 completions for bet 2), counting hands by their ranks
and whether they share a suit (``strategy``), so it takes about a second.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from games.engine.stud import bot
from games.engine.stud.actions import Bet, Deal, NextHand
from games.engine.stud.game import apply, new_match
from games.engine.stud.hands import PAYS, PayTable, stud_deck
from games.engine.stud.options import BETS, MAX_SEATS, Options
from games.engine.stud.state import Phase, State
from games.engine.stud.strategy import completions, key, total_return
from games.engine.stud.views import view

Z_999 = 3.2905
"""The two-sided 99.9% normal quantile: the width of the intervals the tests check."""


@dataclass(frozen=True, slots=True)
class Returns:
    """Each bet's exact expected return per unit, and how often bets 1 and 2 ride."""

    table: PayTable
    bets: tuple[Fraction, Fraction, Fraction]
    rides: tuple[Fraction, Fraction]

    @property
    def total(self) -> Fraction:
        return sum(self.bets, Fraction(0))

    @property
    def average_action(self) -> Fraction:
        """The bets still in play at the end, on average."""
        return 1 + sum(self.rides, Fraction(0))


def exact(table: PayTable = PayTable.TENS) -> Returns:
    deck = stud_deck()
    threes = fours = 0
    bet1 = bet3 = ride1 = 0
    for three in itertools.combinations(deck, 3):
        total = total_return(*key(three), table)
        threes += 1
        bet3 += total
        if total > 0:
            bet1 += total
            ride1 += 1
    bet2 = ride2 = 0
    for four in itertools.combinations(deck, 4):
        total = total_return(*key(four), table)
        fours += 1
        if total > 0:
            bet2 += total
            ride2 += 1
    deals3, deals4 = threes * completions(3), fours * completions(4)
    return Returns(
        table=table,
        bets=(Fraction(bet1, deals3), Fraction(bet2, deals4), Fraction(bet3, deals3)),
        rides=(Fraction(ride1, threes), Fraction(ride2, fours)),
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """Simulated mean returns per unit (bets 1, 2, 3 and their total) with the half-width of
    their 99.9% confidence intervals; a coup's seats share the common cards, so the independent
    samples are coups, each the mean over its seats."""

    coups: int
    hands: int
    means: tuple[float, float, float, float]
    half_widths: tuple[float, float, float, float]

    def covers(self, exact_value: float, index: int) -> bool:
        return abs(self.means[index] - exact_value) <= self.half_widths[index]


def _coup(state: State) -> State:
    """Bot bets of 1 at every seat, the deal, the bots' withdrawals, the payout."""
    for seat in range(len(state.seats)):
        state = apply(state, seat, Bet(1))
    state = apply(state, None, Deal())
    while state.phase is not Phase.HAND_OVER:
        assert state.turn is not None
        state = apply(state, state.turn, bot.decide(view(state, state.turn)))
    return state


def simulate(
    coups: int, seed: str, table: PayTable = PayTable.TENS, players: int = MAX_SEATS
) -> Estimate:
    """``coups`` coups of ``players`` bots betting 1 each, through the engine."""
    options = Options(pay_table=table, stake=BETS * coups, bank=BETS * players * coups * 1000)
    state = new_match(players=players, options=options, seed=seed)
    sums = [0.0] * 4
    squares = [0.0] * 4
    for _ in range(coups):
        state = _coup(state)
        per_coup = [0.0] * 4
        for seat in state.seats:
            assert seat.result is not None
            hand = PAYS.get(seat.result.category, -1)
            bets = [hand if seat.riding[0] else 0, hand if seat.riding[1] else 0, hand]
            if seat.result.net != hand * sum(1 for bet in bets if bet):
                raise AssertionError(f"the engine paid {seat.result} on {bets}")
            for index, value in enumerate([*bets, sum(bets)]):
                per_coup[index] += float(value) / players
        for index, share in enumerate(per_coup):
            sums[index] += share
            squares[index] += share * share
        state = apply(state, None, NextHand())
    means = [total / coups for total in sums]
    widths = [
        Z_999 * math.sqrt(max(0.0, square / coups - mean * mean) / (coups - 1))
        for square, mean in zip(squares, means, strict=True)
    ]
    return Estimate(
        coups=coups,
        hands=coups * players,
        means=(means[0], means[1], means[2], means[3]),
        half_widths=(widths[0], widths[1], widths[2], widths[3]),
    )


def _percent(value: Fraction | float) -> str:
    return f"{float(value) * 100:+.4f}%"


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.engine.stud.odds")
    parser.add_argument("--coups", type=int, default=0, help="also simulate this many coups")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, default=MAX_SEATS)
    args = parser.parse_args(argv)
    for table in PayTable:
        started = time.perf_counter()
        returns = exact(table)
        took = time.perf_counter() - started
        print(f"pay table {table}: exact, by enumeration ({took:.1f} s)")
        for number, (value, ride) in enumerate(
            zip(returns.bets, (*returns.rides, Fraction(1)), strict=True), start=1
        ):
            print(f"  bet {number}: return {_percent(value)}  (in play {float(ride):.6f})")
        print(f"  total: {_percent(returns.total)} of one bet = {returns.total}")
        print(f"  average bets in play at the end: {float(returns.average_action):.6f}")
        print(f"  per chip in play: {_percent(returns.total / returns.average_action)}")
        if args.coups:
            started = time.perf_counter()
            found = simulate(args.coups, args.seed, table, args.players)
            took = time.perf_counter() - started
            print(f"  simulated: {found.coups} coups, {found.hands} hands ({took:.1f} s)")
            names = ["bet 1", "bet 2", "bet 3", "total"]
            exact_values = [*returns.bets, returns.total]
            for index, name in enumerate(names):
                inside = "inside" if found.covers(float(exact_values[index]), index) else "OUT"
                print(
                    f"  {name}: {_percent(found.means[index])} ± "
                    f"{found.half_widths[index] * 100:.4f}% (99.9%): exact {inside}"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
