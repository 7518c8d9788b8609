"""What the table reads of each seat's chips through the engine protocol (``counts``): the
chips with a stake still on the cloth while its round is open, the winnings once it is settled;
and what the wallet follows (``purse``): the chips in hand, a stake off them as it is placed."""

from __future__ import annotations

from games.engine.monte import Kind, NoVaMas, counts, purse
from tests.engine.monte.helpers import CLEAN, bet, play, table


def test_counts__the_chips_in_hand_before_during_and_after_a_coup() -> None:
    state = table(f"{CLEAN} AC")
    assert counts(state) == [1000, 1000]
    state = play(state, (0, bet(Kind.CAMO, (0,))))
    assert counts(state) == [1000, 1000]
    assert purse(state) == [990, 1000]
    state = play(state, (None, NoVaMas()))
    assert counts(state) == purse(state) == [990 + 109, 1000]
