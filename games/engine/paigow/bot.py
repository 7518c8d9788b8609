"""A bot for Pai Gow Poker, from its view alone: it bets the table minimum when it can and sets
its hands by the house way (the suggestion its view carries)."""

from __future__ import annotations

from games.engine.paigow.actions import Action, Bet, HouseWay, SitOut
from games.engine.protocol import View


def decide(seen: View) -> Action:
    kinds = {str(move["kind"]): move for move in seen["legal"]}
    if "house_way" in kinds:
        return HouseWay()
    if "bet" in kinds:
        return Bet(int(kinds["bet"]["minimum"]))
    return SitOut()
