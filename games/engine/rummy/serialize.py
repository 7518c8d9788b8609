"""A Rummy 70 state as plain JSON data and back, exactly (card ids included)."""

from __future__ import annotations

from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.errors import InvalidAction
from games.engine.rummy.melds import Meld
from games.engine.rummy.state import Cut, HandResult, Options, State

FORMAT = 1


def _cards(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    return [c.to_json() for c in cards]


def _face(card: Card | None) -> str | None:
    return None if card is None else str(card)


def meld_to_json(meld: Meld) -> dict[str, Any]:
    return {
        "kind": meld.kind,
        "cards": _cards(meld.cards),
        "joker_as": _face(meld.joker_as),
        "owner": meld.owner,
    }


def meld_from_json(data: Any) -> Meld:
    return Meld(
        data["kind"],
        tuple(_card_list(data["cards"])),
        None if data["joker_as"] is None else parse_card(data["joker_as"]),
        data["owner"],
    )


def state_to_json(state: State) -> dict[str, Any]:
    """Everything, hidden cards and stock order included: for storage, never for a browser."""
    result = state.result
    return {
        "game": "rummy",
        "format": FORMAT,
        "seed": state.seed,
        "players": state.players,
        "options": state.options.to_json(),
        "hand_no": state.hand_no,
        "dealer": state.dealer,
        "points": list(state.points),
        "phase": state.phase,
        "turn": state.turn,
        "hands": [_cards(hand) for hand in state.hands],
        "opened": list(state.opened),
        "melds": [meld_to_json(m) for m in state.melds],
        "stock": _cards(state.stock),
        "discards": _cards(state.discards),
        "face_down": _cards(state.face_down),
        "cut": None
        if state.cut is None
        else {"seat": state.cut.seat, "card": state.cut.card.to_json(), "kept": state.cut.kept},
        "turns_begun": state.turns_begun,
        "must_play": _cards(state.must_play),
        "open_with": None if state.open_with is None else state.open_with.to_json(),
        "rebuilds": state.rebuilds,
        "ready": list(state.ready),
        "result": None
        if result is None
        else {
            "ending": result.ending,
            "closer": result.closer,
            "hand_points": list(result.hand_points),
            "penalties": list(result.penalties),
            "eliminated": list(result.eliminated),
        },
        "winner": state.winner,
        "out_hand": list(state.out_hand),
    }


def _card_list(data: Any) -> list[Card]:
    return [Card.from_json(c) for c in data]


def state_from_json(data: Any) -> State:
    """The state :func:`state_to_json` wrote; ``InvalidAction`` when the data is not one."""
    try:
        return _state_from_json(data)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidAction(detail=f"not a rummy state: {error!r}") from None


def _state_from_json(data: Any) -> State:
    if data["game"] != "rummy" or data["format"] != FORMAT:
        raise ValueError("game/format")
    cut = data["cut"]
    result = data["result"]
    return State(
        seed=data["seed"],
        players=int(data["players"]),
        options=Options.from_json(data["options"]),
        hand_no=int(data["hand_no"]),
        dealer=int(data["dealer"]),
        points=[int(p) for p in data["points"]],
        phase=data["phase"],
        turn=int(data["turn"]),
        hands=[_card_list(hand) for hand in data["hands"]],
        opened=[bool(o) for o in data["opened"]],
        melds=[meld_from_json(m) for m in data["melds"]],
        stock=_card_list(data["stock"]),
        discards=_card_list(data["discards"]),
        face_down=_card_list(data["face_down"]),
        cut=None
        if cut is None
        else Cut(int(cut["seat"]), Card.from_json(cut["card"]), bool(cut["kept"])),
        turns_begun=int(data["turns_begun"]),
        must_play=_card_list(data["must_play"]),
        open_with=None if data["open_with"] is None else Card.from_json(data["open_with"]),
        rebuilds=int(data["rebuilds"]),
        ready=[bool(r) for r in data["ready"]],
        result=None
        if result is None
        else HandResult(
            result["ending"],
            result["closer"],
            tuple(result["hand_points"]),
            tuple(result["penalties"]),
            tuple(result["eliminated"]),
        ),
        winner=data["winner"],
        out_hand=[None if out is None else int(out) for out in _out_hand(data)],
    )


def _out_hand(data: Any) -> list[Any]:
    """The hand each seat went out in; a state stored before it was kept knows none."""
    stored = data.get("out_hand")
    return list(stored) if stored is not None else [None] * int(data["players"])
