"""A simple sound player: one minimum stake a round on a Cartas bet, card against card (the
layout's smallest house edge, docs/monte.md), then done. It decides from its view alone, and
varies the card it backs with the coup and its seat."""

from __future__ import annotations

from games.engine.monte.actions import Action, Done, PlaceBet
from games.engine.monte.rules import Kind
from games.engine.protocol import View


def decide(seen: View) -> Action:
    viewer = seen["viewer"]
    mine = [bet for bet in seen["bets"] if bet["seat"] == viewer]
    singles = [
        move
        for move in seen["legal"]
        if move["kind"] == "bet" and move["bet"] == "cartas" and len(move["cards"]) == 1
    ]
    if mine or not singles:
        return Done()
    move = singles[(seen["coup_no"] + viewer) % len(singles)]
    return PlaceBet(Kind.CARTAS, tuple(move["cards"]), move["minimum"], tuple(move["against"]))
