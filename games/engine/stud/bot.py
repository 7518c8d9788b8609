"""A bot for the three-bet stud, from a seat's view alone: it places the minimum bets when it
can, and lets a bet ride exactly when the best play does (``strategy.rides``, on its own cards
and the common cards it can see)."""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.stud.actions import Action, Bet, Ride, Withdraw
from games.engine.stud.hands import PayTable
from games.engine.stud.strategy import rides


def decide(seen: dict[str, Any]) -> Action:
    """The bot's move; raises ``ValueError`` when the view allows no move."""
    kinds = {move["kind"]: move for move in seen["legal"]}
    if "bet" in kinds:
        return Bet(kinds["bet"]["min"])
    if "ride" not in kinds:
        raise ValueError("no move for this seat now")
    own = seen["seats"][seen["viewer"]]["cards"]
    known: list[Card] = [parse_card(text) for text in own]
    known += [parse_card(text) for text in seen["common"] if text is not None]
    return Ride() if rides(known, PayTable(seen["options"]["pay_table"])) else Withdraw()
