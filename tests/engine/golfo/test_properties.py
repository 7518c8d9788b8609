"""Random legal play, drawn by hypothesis on small stacks (so all-ins and busts are common):
every rule holds after every action, illegal actions change nothing, views never leak, and the
match replays and round-trips through JSON exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import EngineError
from games.engine.golfo import (
    Action,
    Bet,
    Call,
    Discard,
    Fold,
    NextHand,
    Options,
    Pass,
    Raise,
    Rebuy,
    Stakes,
    State,
    TieRule,
    action_from_json,
    apply,
    can,
    golfo_deck,
    legal_moves,
    new_match,
    replay,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.golfo.invariants import leaks, violations
from games.engine.golfo.simulation import mover

OPTIONS = st.builds(
    Options,
    starting_stack=st.integers(20, 300),
    ante=st.integers(0, 20),
    min_bet=st.integers(1, 40),
    stakes=st.sampled_from(Stakes),
    tie=st.sampled_from(TieRule),
)
AMOUNT = st.integers(-5, 400)
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.just(Pass()),
    st.just(Call()),
    st.just(Fold()),
    st.just(NextHand()),
    st.builds(Bet, AMOUNT),
    st.builds(Raise, AMOUNT),
    st.builds(Rebuy, AMOUNT),
    st.lists(st.sampled_from(golfo_deck()), max_size=6).map(lambda cards: Discard(tuple(cards))),
)


def legal_move(data: st.DataObject, state: State, seat: int | None) -> Action:
    move = data.draw(st.sampled_from(legal_moves(state, seat)))
    kind = move["kind"]
    if kind == "discard":
        assert seat is not None
        hand = state.players[seat].hand
        return Discard(tuple(data.draw(st.lists(st.sampled_from(hand), unique=True))))
    if kind in ("bet", "raise", "rebuy"):
        return action_from_json(
            {"kind": kind, "amount": data.draw(st.integers(move["min"], move["max"]))}
        )
    return action_from_json({"kind": kind})


@settings(max_examples=40, deadline=None)
@given(
    data=st.data(),
    options=OPTIONS,
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 10**6),
)
def test_random_legal_play_keeps_every_rule(
    data: st.DataObject, options: Options, players: int, seed: int
) -> None:
    state = new_match(players=players, options=options, seed=seed)
    log: list[tuple[int | None, Action]] = []
    for _ in range(80):
        seat = mover(state)
        if seat is None and not legal_moves(state, None):
            break
        before = state_to_json(state)
        stranger = data.draw(st.sampled_from([None, *range(players)]))
        attempt = data.draw(ANY_ACTION)
        if not can(state, stranger, attempt):
            try:
                apply(state, stranger, attempt)
                raise AssertionError(f"{attempt} by {stranger} was not refused")
            except EngineError:
                assert state_to_json(state) == before
        action = legal_move(data, state, seat)
        new = apply(state, seat, action)
        assert state_to_json(state) == before, "apply changed its input"
        assert violations(new) == []
        for viewer in [None, *range(players)]:
            assert leaks(new, viewer, view(new, viewer)) == []
        for other in range(players):
            offered = any(move["kind"] == "rebuy" for move in legal_moves(new, other))
            assert offered == can(new, other, Rebuy(options.starting_stack))
        log.append((seat, action))
        state = new
    assert state_to_json(replay(seed, options, players, log)) == state_to_json(state)
    assert state_to_json(state_from_json(state_to_json(state))) == state_to_json(state)
