"""State to plain JSON and back, exactly (cards keep their ids: ``"7O#12"``).

This is the server's own record of a table, hidden cards included: never send it to a browser
(``views.view`` is what a player may see). Malformed data raises ``InvalidAction``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.engine.cards import Card
from games.engine.errors import InvalidAction
from games.engine.stud.hands import Category
from games.engine.stud.options import Options
from games.engine.stud.state import Phase, Result, Seat, State

FORMAT = 1


def _cards(cards: Iterable[Card]) -> list[str]:
    return [card.to_json() for card in cards]


def _read_cards(data: Any) -> tuple[Card, ...]:
    return tuple(Card.from_json(text) for text in data)


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "game": "stud",
        "format": FORMAT,
        "options": state.options.to_json(),
        "seed": state.seed,
        "seats": [_seat_to_json(seat) for seat in state.seats],
        "bank": state.bank,
        "hand_no": state.hand_no,
        "phase": str(state.phase),
        "turn": state.turn,
        "common": _cards(state.common),
        "shown": state.shown,
        "exposed": list(state.exposed),
        "stock": _cards(state.stock),
        "voided": state.voided,
        "decks": {str(hand): _cards(deck) for hand, deck in state.decks.items()},
    }


def state_from_json(data: Any) -> State:
    try:
        if data["game"] != "stud" or data["format"] != FORMAT:
            raise InvalidAction(detail="not a stud state")
        return State(
            options=Options.from_json(data["options"]),
            seed=str(data["seed"]),
            seats=tuple(_seat_from_json(seat) for seat in data["seats"]),
            bank=int(data["bank"]),
            hand_no=int(data["hand_no"]),
            phase=Phase(data["phase"]),
            turn=None if data["turn"] is None else int(data["turn"]),
            common=_read_cards(data["common"]),
            shown=int(data["shown"]),
            exposed=tuple(int(position) for position in data["exposed"]),
            stock=_read_cards(data["stock"]),
            voided=bool(data["voided"]),
            decks={int(hand): _read_cards(deck) for hand, deck in data["decks"].items()},
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidAction(detail=f"malformed stud state: {error!r}") from None


def _seat_to_json(seat: Seat) -> dict[str, Any]:
    result = seat.result
    return {
        "chips": seat.chips,
        "bet": seat.bet,
        "cards": _cards(seat.cards),
        "riding": list(seat.riding),
        "result": None
        if result is None
        else {"category": str(result.category), "in_play": result.in_play, "net": result.net},
    }


def _seat_from_json(data: Any) -> Seat:
    result = data["result"]
    return Seat(
        chips=int(data["chips"]),
        bet=int(data["bet"]),
        cards=_read_cards(data["cards"]),
        riding=tuple(bool(ride) for ride in data["riding"]),
        result=None
        if result is None
        else Result(
            category=Category(result["category"]),
            in_play=int(result["in_play"]),
            net=int(result["net"]),
        ),
    )
