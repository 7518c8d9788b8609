"""The concrete table moves an opened player on turn could try: every lay-off (each reading of a
joker), every meld his hand holds, every joker swap. The rules judge each one; the view offers a
kind of move only when at least one move of that kind is accepted."""

from __future__ import annotations

from collections.abc import Iterator

from games.engine.rummy.actions import Action, LayMeld, LayOff, SwapJoker
from games.engine.rummy.owed import joker_faces, may_fit
from games.engine.rummy.planner import candidates
from games.engine.rummy.rules import can
from games.engine.rummy.state import State


def lay_offs(state: State, seat: int) -> Iterator[LayOff]:
    """Every lay-off that could fit (a quick test; the rules judge each one)."""
    for card in state.hands[seat]:
        for index, meld in enumerate(state.melds):
            if not may_fit(meld, card):
                continue
            for joker_as in joker_faces(meld) if card.is_joker else (None,):
                yield LayOff(index, card, joker_as)


def new_melds(state: State, seat: int) -> Iterator[LayMeld]:
    hand = state.hands[seat]
    for candidate in candidates(hand):
        yield LayMeld(candidate.spec(hand))


def swaps(state: State, seat: int) -> Iterator[SwapJoker]:
    for index, meld in enumerate(state.melds):
        if meld.joker is None:
            continue
        for card in state.hands[seat]:
            if not card.is_joker and card == meld.joker_as:
                yield SwapJoker(index, card)


def accepted(state: State, seat: int, moves: Iterator[Action]) -> Iterator[Action]:
    return (move for move in moves if can(state, seat, move))
