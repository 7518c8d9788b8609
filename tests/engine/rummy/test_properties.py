"""Property tests: random play (legal and illegal moves mixed) never breaks a rule.

Each example plays a match from a random seed, choosing at every step either the bot's move or
a random move (random seat, random cards), which the engine must accept or refuse cleanly.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.cards import Card
from games.engine.errors import EngineError
from games.engine.rummy import (
    Action,
    Close,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    MeldSpec,
    NextHand,
    Open,
    Ready,
    State,
    SwapJoker,
    TakeDiscard,
    apply,
    bot,
    new_match,
    replay,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.rummy.invariants import card_ids_in, check_move, check_state, check_view


def _actor(state: State) -> int | None:
    if state.phase == "hand_over":
        waiting = [s for s in state.active_seats if not state.ready[s]]
        return waiting[0] if len(waiting) > 1 else None
    return state.turn


def _random_move(state: State, rng: random.Random) -> tuple[int | None, Action]:
    seat = rng.choice([*range(state.players), None])
    hand = state.hands[seat] if seat is not None else []
    cards: list[Card] = hand or [c for h in state.hands for c in h] or state.stock
    some = rng.sample(cards, min(len(cards), rng.randint(1, 4)))
    index = rng.randrange(len(state.melds) + 1)
    moves: list[Action] = [
        Draw(),
        TakeDiscard(),
        Open((MeldSpec(tuple(some)),)),
        LayMeld(MeldSpec(tuple(some), rng.choice([None, *some]))),
        LayOff(index, some[0]),
        SwapJoker(index, some[0]),
        Discard(some[0]),
        Close(rng.choice([None, some[0]])),
        Ready(),
        NextHand(),
    ]
    return seat, rng.choice(moves)


def _bot_move(state: State) -> tuple[int | None, Action]:
    seat = _actor(state)
    return seat, (NextHand() if seat is None else bot.decide(view(state, seat)))


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 4),
    choices=st.lists(st.integers(0, 99), min_size=50, max_size=400),
)
def test_random_play__keeps_every_invariant_and_replays_exactly(
    seed: int, players: int, choices: list[int]
) -> None:
    _play_mixed(seed, players, choices)


def test_random_play__through_several_hands_keeps_every_invariant() -> None:
    state = _play_mixed(3, 2, [random.Random(3).randrange(100) for _ in range(1500)])
    assert state.hand_no > 2 or state.phase == "match_over"


def _play_mixed(seed: int, players: int, choices: list[int]) -> State:
    """Bot moves (choice >= 30) and random moves; every check after every accepted move."""
    state = new_match(players=players, seed=seed)
    rng = random.Random(seed)
    log: list[tuple[int | None, Action]] = []
    refused = 0
    for choice in choices:
        if state.phase == "match_over":
            break
        seat, action = _bot_move(state) if choice >= 30 else _random_move(state, rng)
        snapshot, data = state.copy(), state_to_json(state)
        try:
            after = apply(state, seat, action)
        except EngineError:
            refused += 1
            assert state == snapshot
            assert state_to_json(state) == data
            continue
        assert check_state(after) == []
        assert check_move(state, seat, action, after) == []
        for viewer in [*range(players), None]:
            assert check_view(after, viewer, view(after, viewer)) == []
        log.append((seat, action))
        state = after
    assert len(log) + refused == len(choices) or state.phase == "match_over"
    assert replay(seed, None, players, log) == state
    assert state_from_json(state_to_json(state)) == state
    return state


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120))
def test_view__never_shows_a_card_its_viewer_may_not_see(seed: int, steps: int) -> None:
    state = new_match(players=3, seed=seed)
    for _ in range(steps):
        if state.phase == "match_over":
            break
        seat, action = _bot_move(state)
        state = apply(state, seat, action)
    for viewer in (0, 1, 2, None, 7):
        shown: dict[str, Any] = view(state, viewer)
        assert check_view(state, viewer, shown) == []
        if viewer in (0, 1, 2) and state.phase in ("draw", "play"):
            others = {c.id for s in range(3) if s != viewer for c in state.hands[s]}
            assert not others & card_ids_in(shown)
        assert "stock" not in shown
