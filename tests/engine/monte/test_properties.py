"""Random legal play, drawn by hypothesis on small stakes and a small bank: chips are conserved
between the players, the cloth and the bank after every move, nothing goes negative, refused
moves change nothing, every coup ends, and the table replays and round-trips through JSON."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.errors import EngineError
from games.engine.monte import (
    Action,
    Done,
    Kind,
    NextCoup,
    NoVaMas,
    Options,
    Phase,
    PlaceBet,
    State,
    apply,
    new_match,
    open_bets,
    replay,
    state_from_json,
    state_to_json,
)
from games.engine.monte.coup import violations

OPTIONS = st.builds(
    Options,
    minimum=st.sampled_from([1, 5, 10]),
    chips=st.integers(min_value=0, max_value=300),
    bank=st.integers(min_value=1, max_value=5000),
)


@settings(max_examples=60, deadline=None)
@given(
    options=OPTIONS,
    players=st.integers(min_value=1, max_value=5),
    seed=st.text(max_size=5),
    data=st.data(),
)
def test_random_play_keeps_every_chip_and_every_coup_ends(
    options: Options, players: int, seed: str, data: st.DataObject
) -> None:
    state = new_match(players=players, options=options, seed=seed)
    log: list[tuple[int | None, Action]] = []
    for _ in range(6):  # coups
        closes = 0
        while state.phase in (Phase.PRIMERAS, Phase.SEGUNDAS):
            for _ in range(data.draw(st.integers(min_value=0, max_value=4))):
                seat = data.draw(st.integers(min_value=0, max_value=players - 1))
                kind, cards, against = data.draw(st.sampled_from(open_bets(state)))
                amount = data.draw(st.integers(min_value=1, max_value=400))
                move: Action = data.draw(
                    st.sampled_from([PlaceBet(kind, cards, amount, against), Done()])
                )
                before = state_to_json(state)
                try:
                    state = apply(state, seat, move)
                except EngineError:
                    assert state_to_json(state) == before
                    continue
                log.append((seat, move))
                assert violations(state) == []
            state = apply(state, None, NoVaMas())
            log.append((None, NoVaMas()))
            closes += 1
            assert violations(state) == []
            assert min(state.chips) >= 0 and state.bank >= 0
        assert closes in (0, 2)  # a void coup has no bets; any other ends after Segundas
        assert state.phase in (Phase.OVER, Phase.VOID)
        state = apply(state, None, NextCoup())
        log.append((None, NextCoup()))
    assert replay(seed, options, players, log) == state
    assert state_from_json(state_to_json(state)) == state


def _total(state: State) -> int:
    return sum(state.chips) + state.staked + state.bank


@settings(max_examples=30, deadline=None)
@given(seed=st.text(max_size=5))
def test_a_player_who_bets_everything_on_vis_never_goes_below_zero(seed: str) -> None:
    state = new_match(players=1, options=Options(minimum=1, chips=10, bank=10_000), seed=seed)
    total = _total(state)
    for _ in range(10):
        while state.phase in (Phase.PRIMERAS, Phase.SEGUNDAS):
            if state.phase is Phase.PRIMERAS and state.chips[0] > 0:
                state = apply(state, 0, PlaceBet(Kind.VIS, (0,), min(10, state.chips[0])))
            state = apply(state, None, NoVaMas())
            assert state.chips[0] >= 0 and _total(state) == total
        state = apply(state, None, NextCoup())
