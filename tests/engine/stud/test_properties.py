"""Random play, drawn by hypothesis: any action from any seat at any moment; the legal ones
keep every rule (chips conserved between the seats and the bank, no negative amount, the 52
cards accounted for), the others change nothing; views never leak; every coup ends; the match
replays and round-trips through JSON exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import EngineError
from games.engine.stud import (
    Action,
    Bet,
    Deal,
    Expose,
    NextHand,
    Options,
    PayTable,
    Phase,
    Ride,
    State,
    Withdraw,
    apply,
    bot,
    legal_moves,
    new_match,
    replay,
    state_from_json,
    state_to_json,
    view,
)
from games.engine.stud.invariants import leaks, violations

OPTIONS = st.builds(
    Options,
    pay_table=st.sampled_from(PayTable),
    min_bet=st.integers(1, 5),
    max_bet=st.integers(5, 60),
    stake=st.integers(0, 200),
    bank=st.integers(0, 400_000),
)
ANY_ACTION: st.SearchStrategy[Action] = st.one_of(
    st.builds(Bet, st.integers(1, 80)),
    st.just(Withdraw()),
    st.just(Ride()),
    st.just(Deal()),
    st.builds(Expose, st.integers(0, 1)),
    st.just(NextHand()),
)
SEAT = st.one_of(st.none(), st.integers(0, 6))


def check(state: State, issued: int) -> None:
    assert violations(state, issued) == []
    for viewer in [None, *range(len(state.seats))]:
        assert leaks(state, view(state, viewer)) == []


@settings(max_examples=60, deadline=None)
@given(
    options=OPTIONS,
    players=st.integers(1, 7),
    seed=st.text(max_size=4),
    moves=st.lists(st.tuples(SEAT, ANY_ACTION), max_size=80),
)
def test_any_move_keeps_the_rules_or_changes_nothing(
    options: Options, players: int, seed: str, moves: list[tuple[int | None, Action]]
) -> None:
    state = new_match(players=players, options=options, seed=seed)
    issued = state.chips_total()
    log: list[tuple[int | None, Action]] = []
    for seat, action in moves:
        before = state_to_json(state)
        try:
            after = apply(state, seat, action)
        except EngineError:
            assert state_to_json(state) == before
            continue
        log.append((seat, action))
        state = after
        check(state, issued)
    assert replay(seed, options, players, log) == state
    assert state_from_json(state_to_json(state)) == state


@settings(max_examples=40, deadline=None)
@given(options=OPTIONS, players=st.integers(1, 7), seed=st.text(max_size=4))
def test_bots_always_finish_their_coups(options: Options, players: int, seed: str) -> None:
    state = new_match(players=players, options=options, seed=seed)
    issued = state.chips_total()
    for _ in range(5):
        for seat in range(players):
            if legal_moves(state, seat):
                state = apply(state, seat, bot.decide(view(state, seat)))
        if not any(seat.in_hand for seat in state.seats):
            assert all(not legal_moves(state, seat) for seat in range(players))
            return
        state = apply(state, None, Deal())
        betting = sum(1 for seat in state.seats if seat.in_hand)
        for _ in range(2 * betting):  # each player in the coup decides twice, then it is over
            assert state.turn is not None
            state = apply(state, state.turn, bot.decide(view(state, state.turn)))
            check(state, issued)
        assert state.phase is Phase.HAND_OVER
        state = apply(state, None, NextHand())
