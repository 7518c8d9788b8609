"""A three-player hand played to its close, with each player's choices as parameters.

Seats 0, 1, 2 (dealer 2, so seat 0 plays first). After the first round seat 0 opens with 91
(10C 10E 10B, 10O JO QO KO, 7E 7B 7O); seats 1 and 2 open or not; seat 0 then lays 2C 3C 4C 5C
and closes with his last card face down. Left in hand: seat 1 ``2O 4B 9E JB KE`` (35), seat 2
``left_2`` (default ``10O 9B 8E 8C``, 35).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.rummy import Close, Discard, Draw, LayMeld, Open, Options, State
from tests.engine.rummy.helpers import deal, meld, past_first_round, play

SEAT_0 = "10C 10E 10B 10O JO QO KO 7E 7B 7O 2C 3C 4C 5C"
SEAT_1 = "QC QE QB AC AE AB 5O 6O 7O 2O 4B 9E JB KE"
SEAT_2 = "KC KO KB JC JE JO 3O 3E 3B 3C"
MELDS_0 = ("10C 10E 10B", "10O JO QO KO", "7E 7B 7O")
MELDS_1 = ("QC QE QB", "AC AE AB", "5O 6O 7O")
MELDS_2 = ("KC KO KB", "JC JE JO", "3O 3E 3B 3C")


def three_players(
    *,
    left_2: str = "10O 9B 8E 8C",
    options: Options | None = None,
    points: Sequence[int] = (),
    stock: str = "",
) -> State:
    """The deal above; ``stock`` names the first cards drawn (3 in the first round)."""
    hands = {0: SEAT_0, 1: SEAT_1, 2: f"{SEAT_2} {left_2}"}
    state = deal(hands, players=3, options=options, stock=stock)
    if points:
        state.points = list(points)
    return past_first_round(state)


def turn(state: State, seat: int, melds: Sequence[str] = ()) -> State:
    """``seat`` draws, opens with ``melds`` when given, throws the card he drew."""
    state = play(state, seat, Draw())
    drawn = state.hands[seat][-1]
    if melds:
        state = play(state, seat, Open(tuple(meld(state, seat, m) for m in melds)))
    return play(state, seat, Discard(drawn))


def closing_hand(
    *,
    open_1: bool,
    open_2: bool,
    left_2: str = "10O 9B 8E 8C",
    options: Options | None = None,
    points: Sequence[int] = (),
) -> State:
    """Seat 0 opens, seats 1 and 2 open as told, seat 0 closes on his next turn."""
    state = three_players(left_2=left_2, options=options, points=points)
    state = turn(state, 0, MELDS_0)
    state = turn(state, 1, MELDS_1 if open_1 else ())
    state = turn(state, 2, MELDS_2 if open_2 else ())
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    return play(state, 0, LayMeld(meld(state, 0, "2C 3C 4C 5C")), Close(drawn))


def seco(*, points: Sequence[int] = ()) -> State:
    """Seat 0 opens with his whole hand on his first turn after the first round and closes."""
    state = three_players(points=points)
    state = play(state, 0, Draw())
    drawn = state.hands[0][-1]
    melds = tuple(meld(state, 0, m) for m in (*MELDS_0, "2C 3C 4C 5C"))
    return play(state, 0, Open(melds), Close(drawn))
