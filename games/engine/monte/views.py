"""What a seat (or a spectator) may see of a Monte table: the only exit to browsers.

The layout is public: the grid with its stacked and burnt cards, the cards drawn, every bet on
the cloth, every player's chips, the bank. Nobody sees the stock, not even its order."""

from __future__ import annotations

from typing import Any

from games.engine.monte.coup import open_bets
from games.engine.monte.rules import odds
from games.engine.monte.state import BETTING, Bet, Phase, State
from games.engine.protocol import View


def _bet(bet: Bet) -> dict[str, Any]:
    return {
        "seat": bet.seat,
        "bet": str(bet.kind),
        "cards": list(bet.cards),
        "against": list(bet.against),
        "amount": bet.amount,
    }


def view(state: State, viewer: int | None) -> View:
    grid = state.grid
    primeras = state.phase is Phase.PRIMERAS
    seated = viewer is not None and 0 <= viewer < state.players
    legal: list[dict[str, Any]] = []
    if seated and state.phase in BETTING:
        assert grid is not None and viewer is not None
        legal = [
            {
                "kind": "bet",
                "bet": str(kind),
                "cards": list(cards),
                "against": list(against),
                "pays": odds(kind, grid, primeras),
                "minimum": state.options.minimum,
                "maximum": state.options.maximum(kind, primeras),
            }
            for kind, cards, against in open_bets(state)
        ]
        legal = legal if state.chips[viewer] >= state.options.minimum else []
        legal.append({"kind": "done"})
    return {
        "coup_no": state.coup_no,
        "phase": str(state.phase),
        "viewer": viewer,
        "chips": list(state.chips),
        "my_chips": state.chips[viewer] if seated and viewer is not None else None,
        "bank": state.bank,
        "levied": state.levied,
        "grid": None if grid is None else [str(card) for card in grid.cards],
        "stacks": None if grid is None else [[str(c) for c in stack] for stack in grid.stacks],
        "burnt": None if grid is None else [str(card) for card in grid.burnt],
        "laid": [str(card) for card in state.laid] if grid is None else None,
        "live": list(state.live),
        "face_down": [
            next(p for p in range(4) if p != m.position and p // 2 == m.position // 2)
            for m in state.matches
        ],
        "drawn": [str(card) for card in state.drawn],
        "matches": [
            {
                "card": str(m.card),
                "position": m.position,
                "relation": str(m.relation),
                "first": m.first,
            }
            for m in state.matches
        ],
        "stock_count": len(state.stock),
        "bets": [_bet(bet) for bet in state.bets],
        "done": list(state.done),
        "settled": [
            _bet(s.bet)
            | {
                "primeras": s.primeras,
                "outcome": str(s.outcome),
                "pays": s.pays,
                "paid": s.paid,
                "levy": s.levy,
            }
            for s in state.settled
        ],
        "legal": legal,
    }
