"""State to plain JSON and back, exactly (cards keep their ids: ``"7O#12"``).

This is the server's own record of a match, hidden cards included: never send it to a browser
(``views.view`` is what a player may see). Malformed data raises ``InvalidAction``.
"""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card
from games.engine.errors import InvalidAction
from games.engine.golfo.options import Options
from games.engine.golfo.state import Ending, HandResult, Lance, Player, PotResult, State

FORMAT = 1


def _cards(cards: list[Card]) -> list[str]:
    return [card.to_json() for card in cards]


def _read_cards(data: Any) -> list[Card]:
    return [Card.from_json(text) for text in data]


def state_to_json(state: State) -> dict[str, Any]:
    return {
        "game": "golfo",
        "format": FORMAT,
        "options": state.options.to_json(),
        "seed": state.seed,
        "players": [_player_to_json(player) for player in state.players],
        "decks": {str(hand_no): _cards(cards) for hand_no, cards in state.decks.items()},
        "dealer": state.dealer,
        "hand_no": state.hand_no,
        "lance": str(state.lance),
        "turn": state.turn,
        "current_bet": state.current_bet,
        "min_raise": state.min_raise,
        "full_raises": state.full_raises,
        "stock": _cards(state.stock),
        "discards": _cards(state.discards),
        "rebuilds": state.rebuilds,
        "result": None if state.result is None else _result_to_json(state.result),
        "winner": state.winner,
    }


def state_from_json(data: Any) -> State:
    try:
        if data["game"] != "golfo" or data["format"] != FORMAT:
            raise InvalidAction(detail="not a Golfo state")
        result = data["result"]
        return State(
            options=Options.from_json(data["options"]),
            seed=data["seed"],
            players=[_player_from_json(player) for player in data["players"]],
            decks={int(key): _read_cards(cards) for key, cards in data["decks"].items()},
            dealer=data["dealer"],
            hand_no=data["hand_no"],
            lance=Lance(data["lance"]),
            turn=data["turn"],
            current_bet=data["current_bet"],
            min_raise=data["min_raise"],
            full_raises=data["full_raises"],
            stock=_read_cards(data["stock"]),
            discards=_read_cards(data["discards"]),
            rebuilds=data["rebuilds"],
            result=None if result is None else _result_from_json(result),
            winner=data["winner"],
        )
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidAction(detail=f"malformed Golfo state: {error!r}") from None


def _player_to_json(player: Player) -> dict[str, Any]:
    return {
        "stack": player.stack,
        "rebought": player.rebought,
        "eliminated": player.eliminated,
        "in_hand": player.in_hand,
        "folded": player.folded,
        "hand": _cards(player.hand),
        "committed": player.committed,
        "round_bet": player.round_bet,
        "acted": player.acted,
        "raise_mark": player.raise_mark,
        "thrown": list(player.thrown),
        "thrown_cards": _cards(player.thrown_cards),
        "out_hand": player.out_hand,
        "out_chips": player.out_chips,
    }


def _player_from_json(data: Any) -> Player:
    return Player(
        stack=data["stack"],
        rebought=data["rebought"],
        eliminated=data["eliminated"],
        in_hand=data["in_hand"],
        folded=data["folded"],
        hand=_read_cards(data["hand"]),
        committed=data["committed"],
        round_bet=data["round_bet"],
        acted=data["acted"],
        raise_mark=data["raise_mark"],
        thrown=list(data["thrown"]),
        thrown_cards=_read_cards(data.get("thrown_cards", [])),
        out_hand=data.get("out_hand"),
        out_chips=data.get("out_chips", 0),
    )


def _result_to_json(result: HandResult) -> dict[str, Any]:
    return {
        "hand_no": result.hand_no,
        "ending": str(result.ending),
        "pots": [
            {
                "amount": pot.amount,
                "eligible": list(pot.eligible),
                "winners": list(pot.winners),
                "shares": list(pot.shares),
            }
            for pot in result.pots
        ],
        "shown": [[seat, _cards(cards)] for seat, cards in result.shown.items()],
        "tied": result.tied,
        "put_in": list(result.put_in),
    }


def _result_from_json(data: Any) -> HandResult:
    return HandResult(
        hand_no=data["hand_no"],
        ending=Ending(data["ending"]),
        pots=[
            PotResult(
                pot["amount"], list(pot["eligible"]), list(pot["winners"]), list(pot["shares"])
            )
            for pot in data["pots"]
        ],
        shown={seat: _read_cards(cards) for seat, cards in data["shown"]},
        tied=data["tied"],
        put_in=list(data["put_in"]),
    )
