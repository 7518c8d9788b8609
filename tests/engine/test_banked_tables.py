"""What the table asks of a house-banked engine (``BankedEngine``: Monte, the three-bet stud, Pai
Gow Poker): who still owes a move in the open window, the dealer's move that closes it or deals
the next coup, and each seat's chips off the table, which the wallet follows move by move."""

from types import ModuleType
from typing import Any

import pytest

from games.engine import monte, paigow, stud
from games.engine.protocol import HAND_OVER, PLAYING, BankedEngine

BANKED: dict[str, ModuleType] = {"monte": monte, "stud": stud, "paigow": paigow}
SEATS = 4


def checked(engine: BankedEngine[Any, Any, Any]) -> BankedEngine[Any, Any, Any]:
    return engine


def open_table(name: str, seed: str = "7") -> tuple[BankedEngine[Any, Any, Any], Any]:
    engine = checked(BANKED[name])  # type: ignore[arg-type]
    options = engine.options_from_json({})
    return engine, engine.start_match(players=SEATS, options=options, seed=seed, deal=None)


@pytest.mark.parametrize("name", BANKED)
def test_a_new_table_owes_every_seat_a_bet_and_the_dealer_can_close(name: str) -> None:
    engine, state = open_table(name)

    assert engine.stage(state) == PLAYING
    assert engine.owing(state) == list(range(SEATS))
    assert engine.dealer_move(state) is not None


@pytest.mark.parametrize("name", BANKED)
def test_a_bet_comes_off_the_purse_and_the_seat_owes_no_other_bet(name: str) -> None:
    engine, state = open_table(name)
    before = engine.purse(state)

    bet = engine.bot_move(engine.view(state, 1))
    after = engine.apply(state, 1, bet)

    change = [later - earlier for earlier, later in zip(before, engine.purse(after), strict=True)]
    assert change[0] == change[2] == change[3] == 0
    if name != "monte":  # a Monte player may go on betting until he says he is done
        assert change[1] < 0
        assert 1 not in engine.owing(after)


@pytest.mark.parametrize("name", BANKED)
@pytest.mark.parametrize("seed", ["1", "2", "3"])
def test_played_by_bots_and_the_dealer_the_table_never_stalls_and_no_chip_is_lost(
    name: str, seed: str
) -> None:
    """Every seat that owes a move plays the bot's; when nobody owes one the dealer moves. The
    window's name changes with every dealer move, the dealer always has one when nobody owes a
    move, no purse goes below zero and a settled coup leaves no stake on the table."""
    engine, state = open_table(name, seed)
    coups = 0
    while coups < 30:
        assert engine.stage(state) in (PLAYING, HAND_OVER)
        owing = engine.owing(state)
        if owing:
            state = engine.apply(state, owing[0], engine.bot_move(engine.view(state, owing[0])))
            continue
        move = engine.dealer_move(state)
        assert move is not None, engine.window(state)
        window = engine.window(state)
        if engine.stage(state) == HAND_OVER:
            coups += 1
            assert engine.counts(state) == engine.purse(state)
        state = engine.apply(state, None, move)
        assert engine.window(state) != window
        assert min(engine.purse(state)) >= 0


@pytest.mark.parametrize("name", BANKED)
def test_the_house_takes_nothing_before_a_coup_is_settled_and_starts_again_at_the_next(
    name: str,
) -> None:
    """What the house keeps of a win (Monte's levy, Pai Gow's commission, none in the stud) is
    counted for the coup being played: nothing while the bets are open, and nothing again once
    the next coup is dealt, whatever the last one took."""
    engine, state = open_table(name, "11")
    taken_in_a_coup = 0
    for _coup in range(40):
        assert engine.house_take(state) == [0] * SEATS
        while engine.stage(state) != HAND_OVER:
            owing = engine.owing(state)
            seat = owing[0] if owing else None
            move = (
                engine.dealer_move(state)
                if seat is None
                else engine.bot_move(engine.view(state, seat))
            )
            state = engine.apply(state, seat, move)
        taken_in_a_coup += sum(engine.house_take(state))
        state = engine.apply(state, None, engine.dealer_move(state))
    assert (taken_in_a_coup > 0) == (name != "stud")
