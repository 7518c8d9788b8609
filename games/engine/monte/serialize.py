"""A Monte table's state as plain JSON and back (the database's form)."""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.errors import InvalidAction
from games.engine.monte.options import Options
from games.engine.monte.rules import Grid, Kind, Match, Outcome, Relation
from games.engine.monte.state import Bet, Phase, Settled, State


def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [card.to_json() for card in cards]


def _bet(bet: Bet) -> dict[str, Any]:
    return {
        "seat": bet.seat,
        "kind": str(bet.kind),
        "cards": list(bet.cards),
        "against": list(bet.against),
        "amount": bet.amount,
    }


def state_to_json(state: State) -> dict[str, Any]:
    grid = state.grid
    return {
        "options": state.options.to_json(),
        "seed": state.seed,
        "coup_no": state.coup_no,
        "chips": list(state.chips),
        "bank": state.bank,
        "phase": str(state.phase),
        "grid": None
        if grid is None
        else {
            "cards": _cards(grid.cards),
            "stacks": [_cards(stack) for stack in grid.stacks],
            "burnt": _cards(grid.burnt),
        },
        "laid": _cards(state.laid),
        "stock": _cards(state.stock),
        "drawn": _cards(state.drawn),
        "matches": [
            {
                "card": m.card.to_json(),
                "position": m.position,
                "relation": str(m.relation),
                "first": m.first,
            }
            for m in state.matches
        ],
        "bets": [_bet(bet) for bet in state.bets],
        "done": list(state.done),
        "settled": [
            {
                "bet": _bet(s.bet),
                "primeras": s.primeras,
                "outcome": str(s.outcome),
                "pays": s.pays,
                "paid": s.paid,
                "levy": s.levy,
            }
            for s in state.settled
        ],
        "levied": state.levied,
        "decks": {str(coup): _cards(cards) for coup, cards in state.decks},
    }


def _load_cards(data: Any) -> tuple[Card, ...]:
    return tuple(Card.from_json(text) for text in data)


def _load_bet(data: Any) -> Bet:
    return Bet(
        data["seat"],
        Kind(data["kind"]),
        tuple(data["cards"]),
        tuple(data["against"]),
        data["amount"],
    )


def state_from_json(data: object) -> State:
    """The state from its JSON form; anything malformed raises ``InvalidAction``."""
    try:
        assert isinstance(data, dict)
        grid = data["grid"]
        return State(
            options=Options.from_json(data["options"]),
            seed=str(data["seed"]),
            coup_no=int(data["coup_no"]),
            chips=tuple(int(n) for n in data["chips"]),
            bank=int(data["bank"]),
            phase=Phase(data["phase"]),
            grid=None
            if grid is None
            else Grid(
                _load_cards(grid["cards"]),
                tuple(_load_cards(stack) for stack in grid["stacks"]),
                _load_cards(grid["burnt"]),
            ),
            laid=_load_cards(data["laid"]),
            stock=_load_cards(data["stock"]),
            drawn=_load_cards(data["drawn"]),
            matches=tuple(
                Match(
                    Card.from_json(m["card"]),
                    int(m["position"]),
                    Relation(m["relation"]),
                    bool(m["first"]),
                )
                for m in data["matches"]
            ),
            bets=tuple(_load_bet(bet) for bet in data["bets"]),
            done=tuple(bool(flag) for flag in data["done"]),
            settled=tuple(
                Settled(
                    _load_bet(s["bet"]),
                    bool(s["primeras"]),
                    Outcome(s["outcome"]),
                    int(s["pays"]),
                    int(s["paid"]),
                    int(s["levy"]),
                )
                for s in data["settled"]
            ),
            levied=int(data["levied"]),
            decks=tuple((int(coup), _load_cards(cards)) for coup, cards in data["decks"].items()),
        )
    except (AssertionError, KeyError, TypeError, ValueError) as error:
        raise InvalidAction(detail=f"state: {error!r}") from None
