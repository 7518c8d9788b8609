"""Random legal play (hypothesis): chips conserved between the seats and the bank, no negative
amount, refused moves change nothing, every coup ends, and the log replays to the same state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import EngineError
from games.engine.paigow import (
    Action,
    Bet,
    CloseBets,
    HouseWay,
    NextHand,
    Options,
    Phase,
    SitOut,
    Split,
    State,
    apply,
    legal_moves,
    new_match,
    replay,
    state_to_json,
)
from games.engine.paigow.simulation import violations

COUPS = 4


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 6),
    seed=st.text(min_size=1, max_size=8),
    bank=st.integers(0, 60).map(lambda n: n * 20),
    choices=st.lists(st.integers(0, 10**6), min_size=200, max_size=200),
)
def test_random_play_keeps_every_rule(
    players: int, seed: str, bank: int, choices: list[int]
) -> None:
    options = Options(starting_chips=100, bank=bank, max_bet=100)
    state = new_match(players=players, options=options, seed=seed)
    total = state.chips_total
    log: list[tuple[int | None, Action]] = []
    pick = iter(choices)
    for _ in range(len(choices) - 1):
        if state.phase is Phase.MATCH_OVER or state.coup_no > COUPS:
            break
        choice = next(pick)
        seat, action = _move(state, choice)
        before = state_to_json(state)
        try:
            state = apply(state, seat, action)
        except EngineError:
            assert state_to_json(state) == before
            continue
        log.append((seat, action))
        assert violations(state, total) == []
    assert state.phase is Phase.MATCH_OVER or state.coup_no > COUPS
    assert state_to_json(replay(seed, options, players, log)) == state_to_json(state)


def _move(state: State, choice: int) -> tuple[int | None, Action]:
    """A move picked by ``choice``: a seat's legal move (a split of two random cards, foul or
    not), now and then the dealer's."""
    if state.phase is Phase.COUP_OVER:
        return None, NextHand()
    movers = [seat for seat in range(len(state.seats)) if legal_moves(state, seat)]
    if choice % 7 == 0 and state.phase is Phase.BETTING:
        return None, CloseBets()
    seat = movers[choice % len(movers)]
    kinds = {move["kind"]: move for move in legal_moves(state, seat)}
    if "bet" in kinds and choice % 3:
        bet = kinds["bet"]
        steps = (bet["maximum"] - bet["minimum"]) // bet["step"] + 1
        return seat, Bet(bet["minimum"] + (choice // 3) % steps * bet["step"])
    if "sit_out" in kinds:
        return seat, SitOut()
    held = state.seats[seat].cards
    if choice % 2:
        return seat, HouseWay()
    first, second = choice % 7, (choice // 7) % 7
    return seat, Split((held[first], held[second]))
