"""Rummy 70's side of the engine protocol (``games.engine.protocol.GameEngine``): what the table
asks of a match, answered from the state without handing the state out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.protocol import HAND_OVER, MATCH_OVER, PLAYING, JsonObject, Stage, View
from games.engine.rummy import bot
from games.engine.rummy.actions import Action, Close, Discard, Draw, KeepCut, NextHand, TakeDiscard
from games.engine.rummy.rules import new_match, replay
from games.engine.rummy.state import Options, State
from games.engine.rummy.views import view

COUNTS_READY = True


def options_from_json(data: object) -> Options:
    return Options.from_json(data)


def options_to_json(options: Options) -> JsonObject:
    return options.to_json()


def _deal(deal: Mapping[str, Any] | None) -> dict[str, Any]:
    """``new_match``/``replay`` keywords from a stored deal (cards in their JSON form)."""
    if not deal:
        return {}
    return {"dealer": deal["dealer"], "deck": [Card.from_json(text) for text in deal["deck"]]}


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
    return list(seen["legal"]["kinds"])


def bot_move(seen: View) -> Action:
    return bot.decide(seen)


def default_move(state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
    """Draw from the stock if he has not drawn, then discard the card drawn; when a taken discard
    or a freed joker must still be played, or the drawn card is no longer in his hand, the bot
    finishes the turn (its simplest legal completion)."""
    if state.phase == "cut":
        return KeepCut(keep=True)
    if state.phase == "draw":
        return Draw()
    seen = view(state, seat)
    owes = bool(state.must_play) or state.open_with is not None
    hand = state.hands[seat]
    if not owes and "close" in move_kinds(seen):
        return Close(hand[0] if hand else None)
    drawn = _drawn_card(seat, turn)
    if not owes and drawn is not None and any(card.id == drawn.id for card in hand):
        return Discard(next(card for card in hand if card.id == drawn.id))
    return bot.decide(seen)


def _drawn_card(seat: int, turn: Sequence[tuple[Action, State]]) -> Card | None:
    """The card ``seat`` drew from the stock in this turn, if he did (a draw puts the card at the
    end of his hand)."""
    for action, after in reversed(turn):
        if isinstance(action, Draw):
            return after.hands[seat][-1]
        if isinstance(action, TakeDiscard):
            return None
    return None


def own_clock(action: Action) -> bool:
    return isinstance(action, KeepCut)


def stage(state: State) -> Stage:
    if state.phase == "hand_over":
        return HAND_OVER
    if state.phase == "match_over":
        return MATCH_OVER
    return PLAYING


def mid_turn(state: State) -> bool:
    return state.phase == "play"


def hand_no(state: State) -> int:
    return state.hand_no


def turn(state: State) -> int | None:
    return None if stage(state) != PLAYING else state.turn


def in_match(state: State, seat: int) -> bool:
    return state.in_match(seat)


def waits_for(state: State) -> list[int]:
    return list(state.active_seats)


def awaited_between_hands(state: State) -> list[int]:
    return [seat for seat in state.active_seats if not state.ready[seat]]


def winner(state: State) -> int | None:
    return state.winner


def places(state: State) -> list[int] | None:
    return list(state.places()) if state.phase == "match_over" else None


def net_chips(state: State) -> list[int] | None:
    return None


def counts(state: State) -> list[int]:
    """Each seat's penalty points, as the match carries them from hand to hand."""
    return list(state.points)


def hands_face_up(state: State) -> list[list[str]]:
    return [[card.to_json() for card in hand] for hand in state.hands]
