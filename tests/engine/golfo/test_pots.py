"""RULES.md §2, "resto": all in, and side pots as in table-stakes poker."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine.golfo import Bet, Call, Discard, Ending, Fold, Lance, Raise, view
from games.engine.golfo.pots import Pot, pots
from games.engine.golfo.state import Player
from tests.engine.golfo.helpers import after_a_first_hand, play

# Hand 2 is served to seats 2, 3 and 0, in that order: seat 2 has 18 (oros), seat 3 has 30
# (copas), seat 0 has 28 (espadas).
SECOND_DEAL = "3O 4O  9C 8C  9E 8E  5O 6O 7B  7C 6C 5C  7E 4E 3C"


def test_a_three_way_all_in_makes_a_main_pot_and_a_side_pot_each_won_by_its_best_hand() -> None:
    state = after_a_first_hand(300, SECOND_DEAL)
    assert [p.stack for p in state.players] == [990, 990, 1310, 680]  # after the antes
    state = play(state, (2, Bet(1310)), (3, Call()), (0, Call()))
    # Seat 2's 310 that nobody could match came back to him.
    assert [p.committed for p in state.players] == [1000, 0, 1000, 690]
    assert pots(state.players) == [Pot(2070, (0, 2, 3)), Pot(620, (0, 2))]
    seen = view(state, None)
    assert seen["pots"] == [
        {"amount": 2070, "eligible": [0, 2, 3]},
        {"amount": 620, "eligible": [0, 2]},
    ]
    # Nobody can bet any more, but everybody still in throws and draws.
    assert state.lance is Lance.DESCARTE_1 and state.turn == 2
    state = play(state, (2, Discard()), (3, Discard()), (0, Discard()))
    assert state.lance is Lance.DESCARTE_2
    state = play(state, (2, Discard()), (3, Discard()), (0, Discard()))
    assert state.lance is Lance.HAND_OVER
    assert state.result is not None and state.result.ending is Ending.SHOWDOWN
    assert [(pot.amount, pot.winners) for pot in state.result.pots] == [(2070, [3]), (620, [0])]
    assert [p.stack for p in state.players] == [620, 990, 320, 2070]
    assert view(state, None)["result"]["put_in"] == [1000, 0, 1000, 690]


def test_a_folded_players_chips_stay_in_the_pots_he_reached_but_he_cannot_win_them() -> None:
    players = [
        Player(stack=0, in_hand=True, committed=100),  # all in
        Player(stack=500, in_hand=True, folded=True, committed=300),
        Player(stack=200, in_hand=True, committed=400),
        Player(stack=0),  # the dealer, sitting out
    ]
    assert pots(players) == [Pot(300, (0, 2)), Pot(500, (2,))]


def test_a_player_still_to_act_can_win_every_pot() -> None:
    players = [
        Player(stack=0, in_hand=True, committed=50),  # all in
        Player(stack=900, in_hand=True, committed=100),
        Player(stack=990, in_hand=True, committed=10),  # has not answered yet
    ]
    assert pots(players) == [Pot(110, (0, 1, 2)), Pot(50, (1, 2))]


def test_an_all_in_player_wins_no_more_from_each_than_he_put_in() -> None:
    # Seat 2 folds in the first envite: the three more cards go to seats 3 and 0 only.
    deal = "3O 4O  9C 8C  9E 8E  7C 6C 5C  7E 4E 3C"
    state = after_a_first_hand(850, deal)  # seat 3: 130 behind, and the best hand
    state = play(state, (2, Bet(500)), (3, Call()), (0, Raise(490)), (2, Fold()))
    # Seat 0's raise beyond seat 2's bet was not called: it came back to him.
    assert [p.committed for p in state.players] == [510, 0, 510, 140]
    # Seat 3 is all in and seat 0 alone could bet: no more envites, only the descartes.
    while state.lance is not Lance.HAND_OVER:
        assert state.lance in (Lance.DESCARTE_1, Lance.DESCARTE_2) and state.turn is not None
        state = play(state, (state.turn, Discard()))
    assert state.result is not None
    assert [(pot.amount, pot.winners) for pot in state.result.pots] == [(420, [3]), (740, [0])]
    assert state.players[3].stack == 420


PLAYER = st.builds(
    Player,
    stack=st.sampled_from([0, 0, 50]),
    in_hand=st.just(True),
    folded=st.booleans(),
    committed=st.integers(0, 500),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(PLAYER, min_size=2, max_size=4))
def test_the_pots_hold_every_chip_and_nobody_can_win_more_than_his_stake_reaches(
    players: list[Player],
) -> None:
    table_pots = pots(players)
    assert sum(pot.amount for pot in table_pots) == sum(p.committed for p in players)
    for seat, player in enumerate(players):
        reachable = sum(pot.amount for pot in table_pots if seat in pot.eligible)
        if player.folded:
            assert reachable == 0
        elif player.all_in:
            assert reachable == sum(min(p.committed, player.committed) for p in players)
