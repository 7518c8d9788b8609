"""The main pot and side pots, as in table-stakes poker, and who takes each at the showdown.

A player all in for less than others can win from each other player only as much as he put in
himself: every all-in level closes a pot, and what lies above it forms a side pot that only the
players who put in more can win. Folded players' chips stay in the pots they reached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.engine.golfo.options import TieRule
from games.engine.golfo.state import Player, PotResult


@dataclass(frozen=True, slots=True)
class Pot:
    amount: int
    eligible: tuple[int, ...]  # seats that can win it, by seat number


def pots(players: Sequence[Player]) -> list[Pot]:
    """The main pot first, then the side pots, from what each seat put in this hand."""
    committed = [player.committed for player in players]
    if not any(committed):
        return []
    # Each seat's standing read once: every view of every viewer asks for the pots.
    live = [player.live for player in players]
    all_in = [player.all_in for player in players]
    caps = sorted({put for put, capped in zip(committed, all_in, strict=True) if capped})
    top = max(committed)
    if not caps or caps[-1] < top:
        caps.append(top)
    result: list[Pot] = []
    floor = 0
    for cap in caps:
        amount = sum(min(put, cap) - min(put, floor) for put in committed)
        eligible = tuple(
            seat
            for seat, put in enumerate(committed)
            if live[seat] and (put >= cap or not all_in[seat])
        )
        if result and result[-1].eligible == eligible:
            result[-1] = Pot(result[-1].amount + amount, eligible)
        elif amount:
            result.append(Pot(amount, eligible))
        floor = cap
    return result


def award(pot: Pot, values: Mapping[int, int], order: Sequence[int], tie: TieRule) -> PotResult:
    """Who takes ``pot``: the highest hand value among its eligible seats. On a tie, the tied
    seat first in ``order`` (nearest the dealer's right) takes it all, or, with the split rule,
    the tied seats share it and the odd chips go one each in that order."""
    best = max(values[seat] for seat in pot.eligible)
    tied = [seat for seat in order if seat in pot.eligible and values[seat] == best]
    if tie is TieRule.SEAT_ORDER or len(tied) == 1:
        return PotResult(pot.amount, list(pot.eligible), [tied[0]], [pot.amount])
    share, odd = divmod(pot.amount, len(tied))
    shares = [share + (1 if place < odd else 0) for place in range(len(tied))]
    return PotResult(pot.amount, list(pot.eligible), tied, shares)
