"""The coup as RULES.md §3 runs it: three equal bets, the deal, the withdrawals in seat order,
the common cards turned up after each round, the void on a common J or higher shown by
mistake; and every refusal, which leaves the state as it was."""

from __future__ import annotations

import pytest

from games.engine.errors import EngineError, InvalidAction, NotSeated, NotYourTurn, WrongPhase
from games.engine.stud import (
    Bet,
    Deal,
    Expose,
    NextHand,
    Options,
    Phase,
    Ride,
    State,
    Withdraw,
    apply,
    new_match,
    state_to_json,
    view,
)
from games.engine.stud.errors import (
    AlreadyBet,
    BadTable,
    BankCannotCover,
    BetOutOfRange,
    CardAlreadyShown,
    NoBets,
    NotEnoughChips,
    NotInHand,
    TableMove,
)
from tests.engine.stud.helpers import play, table

HANDS = ["AO AC 2E", "3O 8C 9E", "KO QO JO"]
COMMON = "4B 10O"


def refused(state: State, seat: int | None, action: object, error: type[EngineError]) -> None:
    before = state_to_json(state)
    with pytest.raises(error):
        apply(state, seat, action)  # type: ignore[arg-type]
    assert state_to_json(state) == before


def dealt(players: int = 3) -> State:
    state = table(HANDS[:players], COMMON)
    moves = [(seat, Bet(5)) for seat in range(players)]
    return play(state, *moves, (None, Deal()))


def test_three_equal_bets_leave_the_players_chips_at_once() -> None:
    state = play(table(HANDS, COMMON), (1, Bet(7)))
    assert (state.seats[1].chips, state.seats[1].bet, state.seats[1].on_table) == (979, 7, 21)
    assert view(state, 1)["seats"][1]["bet"] == 7


def test_the_deal_follows_the_seed_and_deals_only_to_those_who_bet() -> None:
    state = play(table(["AO AC 2E", "KO QO JO"], COMMON, players=3), (0, Bet(1)), (2, Bet(1)))
    state = play(state, (None, Deal()))
    assert [str(card) for card in state.seats[0].cards] == ["AO", "AC", "2E"]
    assert state.seats[1].cards == ()
    assert [str(card) for card in state.seats[2].cards] == ["KO", "QO", "JO"]
    assert [str(card) for card in state.common] == ["4B", "10O"]
    assert (state.phase, state.turn) == (Phase.FIRST, 0)


def test_players_decide_in_seat_order_and_the_common_cards_come_up_after_each_round() -> None:
    state = dealt()
    assert view(state, 0)["common"] == [None, None]
    refused(state, 1, Ride(), NotYourTurn)
    state = play(state, (0, Ride()), (1, Withdraw()))
    assert view(state, 2)["common"] == [None, None]
    state = play(state, (2, Ride()))
    assert (state.phase, state.turn) == (Phase.SECOND, 0)
    assert view(state, None)["common"] == ["4B", None]
    state = play(state, (0, Withdraw()), (1, Withdraw()), (2, Ride()))
    assert state.phase is Phase.HAND_OVER
    assert view(state, None)["common"] == ["4B", "10O"]


def test_a_withdrawn_bet_comes_back_at_once() -> None:
    state = play(dealt(), (0, Withdraw()))
    assert state.seats[0].chips == 1000 - 15 + 5
    assert state.seats[0].in_play == 2


def test_a_player_who_withdraws_both_still_plays_bet_three() -> None:
    state = play(
        dealt(),
        (0, Withdraw()),
        (1, Ride()),
        (2, Ride()),
        (0, Withdraw()),
        (1, Ride()),
        (2, Ride()),
    )
    result = state.seats[0].result
    assert result is not None and result.in_play == 1 and result.net == 5  # aces pay 1 to 1


def test_next_hand_opens_the_betting_again_with_the_chips_kept() -> None:
    state = play(dealt(1), (0, Ride()), (0, Ride()), (None, NextHand()))
    assert state.phase is Phase.BETTING and state.hand_no == 2
    assert state.seats[0].chips == 1000 + 15 and state.seats[0].cards == ()
    assert view(state, 0)["legal"] == [{"kind": "bet", "min": 1, "max": 100}]


def test_a_common_card_jack_or_higher_shown_by_mistake_voids_the_coup() -> None:
    state = table(HANDS, "4B JB")
    state = play(state, *[(seat, Bet(5)) for seat in range(3)], (None, Deal()))
    state = play(state, (0, Ride()), (1, Withdraw()), (None, Expose(1)))
    assert state.phase is Phase.HAND_OVER and state.voided
    assert [seat.chips for seat in state.seats] == [1000, 1000, 1000]
    assert state.bank == Options().bank
    assert all(seat.result is None for seat in state.seats)


@pytest.mark.parametrize("card", ["JO", "QO", "KO", "AO"])
def test_every_common_card_from_the_jack_up_voids(card: str) -> None:
    state = table(["2O 3C 9E"], f"{card} 5B")
    state = play(state, (0, Bet(5)), (None, Deal()), (None, Expose(0)))
    assert state.voided and state.seats[0].chips == 1000


def test_a_lower_common_card_shown_by_mistake_stays_up_and_the_coup_goes_on() -> None:
    state = play(dealt(), (None, Expose(1)))
    assert not state.voided and state.phase is Phase.FIRST
    assert view(state, 2)["common"] == [None, "10O"]
    refused(state, None, Expose(1), CardAlreadyShown)
    state = play(state, (0, Ride()), (1, Ride()), (2, Ride()))
    assert view(state, 0)["common"] == ["4B", "10O"]
    refused(state, None, Expose(0), CardAlreadyShown)


def test_refusals_leave_the_state_unchanged() -> None:
    state = table(HANDS, COMMON, options=Options(min_bet=2, max_bet=50, stake=60))
    refused(state, 0, Bet(1), BetOutOfRange)
    refused(state, 0, Bet(51), BetOutOfRange)
    refused(state, 0, Bet(21), NotEnoughChips)
    refused(state, None, Deal(), NoBets)
    refused(state, 0, Deal(), TableMove)
    refused(state, None, Bet(5), NotSeated)
    refused(state, 3, Bet(5), NotSeated)
    refused(state, 0, Ride(), WrongPhase)
    refused(state, None, NextHand(), WrongPhase)
    refused(state, None, Expose(0), WrongPhase)
    state = play(state, (0, Bet(20)))
    refused(state, 0, Bet(2), AlreadyBet)
    state = play(state, (None, Deal()))
    refused(state, 1, Ride(), NotInHand)
    refused(state, 1, Bet(2), WrongPhase)
    refused(state, None, Expose(2), InvalidAction)


def test_the_bank_covers_only_what_it_can_pay() -> None:
    state = table(HANDS, COMMON, options=Options(bank=3 * 1000 * 12))
    state = play(state, (0, Bet(10)))
    refused(state, 1, Bet(3), BankCannotCover)
    assert view(state, 1)["legal"] == [{"kind": "bet", "min": 1, "max": 2}]
    state = play(state, (1, Bet(2)))
    assert view(state, 2)["legal"] == []


def test_a_table_seats_one_to_seven_players() -> None:
    new_match(players=7, options=Options(), seed="s")
    for players in (0, 8):
        with pytest.raises(BadTable):
            new_match(players=players, options=Options(), seed="s")
