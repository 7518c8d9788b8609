"""State to plain JSON and back, exactly (cards keep their ids: ``"7O#12"``).

The server's own record of a table, the bank's and the stock's cards included: never send it to
a browser (``views.view`` is what a player may see). Malformed data raises ``InvalidAction``.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.errors import InvalidAction
from games.engine.paigow.options import Options
from games.engine.paigow.state import Outcome, Phase, Seat, State

FORMAT = 1


def _cards(cards: list[Card]) -> list[str]:
    return [card.to_json() for card in cards]


def _read(data: Any) -> list[Card]:
    return [Card.from_json(text) for text in data]


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "game": "paigow",
        "format": FORMAT,
        "options": state.options.to_json(),
        "seed": state.seed,
        "seats": [
            {
                "chips": seat.chips,
                "bet": seat.bet,
                "decided": seat.decided,
                "cards": _cards(seat.cards),
                "low": _cards(seat.low),
                "outcome": None if seat.outcome is None else str(seat.outcome),
                "net": seat.net,
                "commission": seat.commission,
            }
            for seat in state.seats
        ],
        "bank": state.bank,
        "decks": {str(number): _cards(cards) for number, cards in state.decks.items()},
        "coup_no": state.coup_no,
        "phase": str(state.phase),
        "bank_cards": _cards(state.bank_cards),
        "bank_low": _cards(state.bank_low),
        "stock": _cards(state.stock),
    }


def state_from_json(data: Any) -> State:
    try:
        if data["game"] != "paigow" or data["format"] != FORMAT:
            raise InvalidAction(detail="not a Pai Gow Poker state")
        return State(
            options=Options.from_json(data["options"]),
            seed=data["seed"],
            seats=[
                Seat(
                    chips=seat["chips"],
                    bet=seat["bet"],
                    decided=seat["decided"],
                    cards=_read(seat["cards"]),
                    low=_read(seat["low"]),
                    outcome=None if seat["outcome"] is None else Outcome(seat["outcome"]),
                    net=seat["net"],
                    commission=seat["commission"],
                )
                for seat in data["seats"]
            ],
            bank=data["bank"],
            decks={int(key): _read(cards) for key, cards in data["decks"].items()},
            coup_no=data["coup_no"],
            phase=Phase(data["phase"]),
            bank_cards=_read(data["bank_cards"]),
            bank_low=_read(data["bank_low"]),
            stock=_read(data["stock"]),
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidAction(detail=f"malformed Pai Gow Poker state: {error!r}") from None
