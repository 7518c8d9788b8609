"""Golfo's side of the engine protocol (``games.engine.protocol.GameEngine``): what the table
asks of a match, answered from the state without handing the state out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.golfo import bot
from games.engine.golfo.actions import Action, Discard, Fold, NextHand, Pass
from games.engine.golfo.match import legal_moves, new_match, replay
from games.engine.golfo.options import Options, Stakes
from games.engine.golfo.state import Lance, State
from games.engine.golfo.views import view
from games.engine.protocol import HAND_OVER, MATCH_OVER, PLAYING, JsonObject, Stage, View

COUNTS_READY = False
"""The table counts the players' "Listo" between hands: the engine deals on ``NextHand``."""


def options_from_json(data: object) -> Options:
    return Options.from_json(data)


def options_to_json(options: Options) -> JsonObject:
    return options.to_json()


def _deal(deal: Mapping[str, Any] | None) -> dict[str, Any]:
    """``new_match``/``replay`` keywords from a stored deal (cards in their JSON form)."""
    if not deal:
        return {}
    decks = {
        int(hand): [Card.from_json(text) for text in cards] for hand, cards in deal["decks"].items()
    }
    return {"dealer": deal["dealer"], "decks": decks}


def start_match(
    *, players: int, options: Options, seed: str, deal: Mapping[str, Any] | None
) -> State:
    return new_match(players=players, options=options, seed=seed, **_deal(deal))


def replay_match(
    *,
    seed: str,
    options: Options,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    deal: Mapping[str, Any] | None,
) -> State:
    return replay(seed, options, players, actions, **_deal(deal))


def next_hand() -> Action:
    return NextHand()


def move_kinds(seen: View) -> list[str]:
    return [str(move["kind"]) for move in seen["legal"]]


def bot_move(seen: View) -> Action:
    return bot.decide(seen)


def default_move(state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
    """Keep every card in a descarte, pass when passing is legal, fold otherwise."""
    kinds = move_kinds(view(state, seat))
    if "discard" in kinds:
        return Discard(())
    if "pass" in kinds:
        return Pass()
    return Fold()


def own_clock(action: Action) -> bool:
    return False


def stage(state: State) -> Stage:
    if state.lance is Lance.HAND_OVER:
        return HAND_OVER
    if state.lance is Lance.MATCH_OVER:
        return MATCH_OVER
    return PLAYING


def mid_turn(state: State) -> bool:
    """Every Golfo move ends the player's turn."""
    return False


def hand_no(state: State) -> int:
    return state.hand_no


def turn(state: State) -> int | None:
    return None if stage(state) != PLAYING else state.turn


def in_match(state: State, seat: int) -> bool:
    return not state.players[seat].eliminated


def waits_for(state: State) -> list[int]:
    return [
        seat
        for seat, player in enumerate(state.players)
        if not player.eliminated and player.stack > 0
    ]


def awaited_between_hands(state: State) -> list[int]:
    """The seats that may rebuy before the next deal: asked of each seat's legal moves, not of
    its whole view (which a "Listo" asked four times over, a seat each)."""
    return [
        seat
        for seat in range(len(state.players))
        if any(move["kind"] == "rebuy" for move in legal_moves(state, seat))
    ]


def winner(state: State) -> int | None:
    return state.winner


def places(state: State) -> list[int] | None:
    if state.lance is not Lance.MATCH_OVER:
        return None
    found = state.places()
    return None if found is None else list(found)


def net_chips(state: State) -> list[int] | None:
    return list(state.net_chips()) if state.options.stakes is Stakes.REBUY else None


def counts(state: State) -> list[int]:
    """Each seat's chips, as the match carries them from hand to hand (during a hand, with what
    he has put in it)."""
    return [player.stack + player.committed for player in state.players]


def hands_face_up(state: State) -> list[list[str]]:
    return [[card.to_json() for card in player.hand] for player in state.players]
