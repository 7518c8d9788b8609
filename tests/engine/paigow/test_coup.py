"""A coup against the bank with exact cards: what every outcome pays, copies to the bank, and
every refusal leaving the state as it was."""

from __future__ import annotations

import pytest

from games.engine.errors import CardNotHeld, EngineError, NotSeated, WrongPhase
from games.engine.paigow import (
    Bet,
    CloseBets,
    HouseWay,
    NextHand,
    Options,
    Outcome,
    Phase,
    SitOut,
    Split,
    apply,
    state_to_json,
)
from games.engine.paigow.errors import (
    AlreadyDecided,
    AlreadySet,
    BankCannotCover,
    BetOutOfRange,
    FoulSplit,
    NoBetPlaced,
    NotEnoughChips,
    TableMove,
    TwoCardsLow,
)
from tests.engine.paigow.helpers import cards, play, table

# The bank's house way: a pair of kings high (with 5 4 2), 8 6 low.
BANK = "KB KC 8O 6E 5B 4C 2O"


def settle(player: str, low: str, bet: int = 100) -> tuple[Outcome | None, int, int]:
    state = play(table(player, BANK), (0, Bet(bet)), (0, Split(cards(low))))
    seat = state.seats[0]
    assert state.phase is Phase.COUP_OVER
    assert state.bank_low == list(cards("8O 6E"))
    return seat.outcome, seat.net, seat.chips


def test_both_hands_won_pay_even_money_less_five_percent() -> None:
    outcome, net, chips = settle("AO AC QE 9B 3O 10C 9C", "QE 10C")
    assert (outcome, net, chips) == (Outcome.WIN, 95, 1095)


def test_the_commission_is_five_percent_of_the_bet() -> None:
    assert settle("AO AC QE 9B 3O 10C 9C", "QE 10C", bet=40)[1] == 38
    assert settle("AO AC QE 9B 3O 10C 9C", "QE 10C", bet=1000)[1] == 950


def test_the_bank_keeps_the_commission() -> None:
    state = play(table("AO AC QE 9B 3O 10C 9C", BANK), (0, Bet(100)), (0, HouseWay()))
    assert state.bank == 1_000_000 - 95
    assert state.seats[0].commission == 5


def test_one_hand_won_and_one_lost_is_a_push() -> None:
    assert settle("AO AC QE 9B 3O 7C 3C", "7C 3C") == (Outcome.PUSH, 0, 1000)
    # The 2-card hand wins, the 5-card hand loses.
    assert settle("QO QC 9E 7B 3O AC KE", "AC KE")[0] is Outcome.PUSH


def test_both_hands_lost_lose_the_bet() -> None:
    assert settle("QO QC 9E 7B 3O 6C 3C", "6C 3C") == (Outcome.LOSS, -100, 900)


def test_a_copy_of_the_two_card_hand_goes_to_the_bank() -> None:
    # The 5-card hand wins, the 2-card hand copies the bank's 8 6: a push, not a win.
    assert settle("AO AC QE 9B 3O 8C 6B", "8C 6B")[0] is Outcome.PUSH


def test_a_copy_of_both_hands_loses() -> None:
    assert settle("KO KE 5O 4E 2C 8C 6B", "8C 6B") == (Outcome.LOSS, -100, 900)


def test_a_copy_of_the_five_card_hand_with_the_two_won_is_a_push() -> None:
    assert settle("KO KE 5O 4E 2C AC QB", "AC QB")[0] is Outcome.PUSH


def test_a_2_3_4_5_beats_a_king_high_straight_and_loses_to_the_top_one() -> None:
    bank_king_high = "KB QC JO 10E 9B 3C 2E"  # house way: the straight high, 3 2 low
    wheel = "AO 2C 3O 4E 5B KC QE"
    state = play(table(wheel, bank_king_high), (0, Bet(100)), (0, Split(cards("KC QE"))))
    assert state.seats[0].outcome is Outcome.WIN
    bank_top = "AB KB QC JO 10E 3C 2E"
    state = play(table(wheel, bank_top), (0, Bet(100)), (0, Split(cards("KC QE"))))
    assert state.seats[0].outcome is Outcome.PUSH


def test_five_aces_beat_the_banks_royal_flush() -> None:
    five_aces = "* AO AC AE AB KC QE"
    royal = "KB QB JB 10B 9B 3C 2E"  # (no ace of clubs left: a king-high straight flush)
    state = play(table(five_aces, royal), (0, Bet(100)), (0, Split(cards("KC QE"))))
    assert state.seats[0].outcome is Outcome.WIN


def test_several_seats_bet_against_one_bank() -> None:
    state = table("AO AC QE 9B 3O 10C 9C", "QO QC 9E 7B 3B 6C 3C", BANK, players=3)
    state = play(
        state,
        (0, Bet(100)),
        (1, Bet(200)),
        (2, SitOut()),
        (0, HouseWay()),
        (1, Split(cards("6C 3C"))),
    )
    assert [seat.outcome for seat in state.seats] == [Outcome.WIN, Outcome.LOSS, None]
    assert [seat.chips for seat in state.seats] == [1095, 800, 1000]
    assert state.bank == 1_000_000 - 95 + 200


def test_the_dealer_closes_the_bets_and_the_silent_seats_sit_out() -> None:
    state = table("AO AC QE 9B 3O 10C 9C", BANK, players=2)
    state = play(state, (0, Bet(100)), (None, CloseBets()))
    assert state.phase is Phase.SETTING
    assert state.seats[1].cards == [] and state.seats[1].bet == 0


def test_a_coup_without_bets_deals_nothing() -> None:
    state = play(table(), (0, SitOut()))
    assert state.phase is Phase.COUP_OVER and state.bank_cards == []
    state = play(state, (None, NextHand()))
    assert state.phase is Phase.BETTING and state.coup_no == 2


def test_a_seat_without_the_minimum_sits_out_and_a_table_of_them_is_over() -> None:
    options = Options(starting_chips=20)
    state = play(
        table("QO QC 9E 7B 3O 6C 3C", BANK, options=options),
        (0, Bet(20)),
        (0, Split(cards("6C 3C"))),
    )
    assert state.seats[0].chips == 0
    assert play(state, (None, NextHand())).phase is Phase.MATCH_OVER


def refused(
    state_moves: list[tuple[int | None, object]],
    seat: int | None,
    action: object,
    error: type[EngineError],
) -> None:
    state = play(table("AO AC QE 9B 3O 10C 9C", BANK, players=2), *state_moves)  # type: ignore[arg-type]
    before = state_to_json(state)
    with pytest.raises(error):
        apply(state, seat, action)  # type: ignore[arg-type]
    assert state_to_json(state) == before


@pytest.mark.parametrize(
    ("moves", "seat", "action", "error"),
    [
        ([], 0, Bet(10), BetOutOfRange),  # under the minimum
        ([], 0, Bet(1020), BetOutOfRange),  # over the maximum
        ([], 0, Bet(30), BetOutOfRange),  # not a multiple of 20: no whole commission
        ([(0, Bet(100))], 0, Bet(100), AlreadyDecided),
        ([(0, SitOut())], 0, SitOut(), AlreadyDecided),
        ([], 0, Split(cards("QE 10C")), WrongPhase),
        ([], 0, HouseWay(), WrongPhase),
        ([], None, Bet(100), NotSeated),
        ([], 5, Bet(100), NotSeated),
        ([], 0, NextHand(), TableMove),
        ([], None, NextHand(), WrongPhase),
        ([(0, Bet(100)), (1, SitOut())], None, CloseBets(), WrongPhase),
        ([(0, Bet(100)), (1, SitOut())], 1, HouseWay(), NoBetPlaced),
        ([(0, Bet(100)), (1, SitOut())], 0, Split(cards("KB 10C")), CardNotHeld),
        ([(0, Bet(100)), (1, SitOut())], 0, Split(cards("QE")), TwoCardsLow),
        ([(0, Bet(100)), (1, SitOut())], 0, Split(cards("QE QE")), TwoCardsLow),
        ([(0, Bet(100)), (1, SitOut())], 0, Split(cards("AO AC")), FoulSplit),
        ([(0, Bet(100)), (1, SitOut())], 0, Bet(100), WrongPhase),
    ],
)
def test_refusals_leave_the_state_unchanged(
    moves: list[tuple[int | None, object]],
    seat: int | None,
    action: object,
    error: type[EngineError],
) -> None:
    refused(moves, seat, action, error)


def test_a_foul_split_is_refused_with_its_message() -> None:
    state = play(table("AO AC QE 9B 3O 10C 9C", BANK), (0, Bet(100)))
    with pytest.raises(FoulSplit) as caught:
        apply(state, 0, Split(cards("AO AC")))
    assert str(caught.value) == "The 5-card hand must rank higher than the 2-card hand."


def test_hands_once_set_cannot_be_set_again() -> None:
    state = play(
        table("AO AC QE 9B 3O 10C 9C", "KO QC 9E 7B 3B 6C 3C", BANK, players=2),
        (0, Bet(100)),
        (1, Bet(100)),
        (0, HouseWay()),
    )
    with pytest.raises(AlreadySet):
        apply(state, 0, Split(cards("QE 10C")))


def test_a_bet_over_the_seats_chips_is_refused() -> None:
    state = table(options=Options(starting_chips=100))
    with pytest.raises(NotEnoughChips) as caught:
        apply(state, 0, Bet(120))
    assert caught.value.params == {"chips": 100}


def test_a_bet_the_bank_cannot_cover_is_refused() -> None:
    state = play(table(players=2, options=Options(bank=300)), (0, Bet(200)))
    with pytest.raises(BankCannotCover) as caught:
        apply(state, 1, Bet(200))
    assert caught.value.params == {"amount": 100}
