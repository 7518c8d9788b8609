"""Moves at a house table that race (docs/house-tables.md): two players betting at the same
moment, one player's two tabs betting his last chips twice, a bet sent as the clock closes the
window. The table row's lock serializes them: each bet is taken and debited exactly once or
refused and not debited, and the wallet mirrors the table whatever the order."""

import pytest

from games.models import LedgerEntry, User
from games.tables import wallet
from games.tables.seating import sit
from tests.support.house import bet, clock_runs_out, match_of, open_house_table, smallest_bet
from tests.support.races import race
from tests.tables.test_house_tables import SEAT_CHIPS, every_chip_accounted, mirrors

pytestmark = [pytest.mark.django_db(transaction=True)]


def staked(user: User) -> int:
    return -sum(
        LedgerEntry.objects.filter(account__user=user, reason=LedgerEntry.Reason.BET).values_list(
            "amount", flat=True
        )
    )


def test_two_players_betting_at_once_are_both_taken_and_debited_once(
    ana: User, bruno: User
) -> None:
    table = open_house_table(ana, "paigow")
    sit(table_id=table.pk, user=bruno, position=1)
    while len(match_of(table)[0].players) < 2:
        assert clock_runs_out(table)
    move = smallest_bet(table, ana)

    assert race(lambda: bet(table, ana, move), lambda: bet(table, bruno, move)) == ["done"] * 2

    game, state = match_of(table)
    assert staked(ana) == staked(bruno) == move["amount"]
    assert state.purse() == [SEAT_CHIPS - move["amount"]] * 2
    assert every_chip_accounted()


def test_one_players_last_chips_bet_from_two_tabs_are_taken_once(ana: User) -> None:
    table = open_house_table(ana, "monte")
    move = smallest_bet(table, ana)
    wallet.stake(user=ana, amount=wallet.WELCOME_CHIPS - move["amount"])

    outcomes = race(lambda: bet(table, ana, move), lambda: bet(table, ana, move))

    assert outcomes == ["You have only 0 chips.", "done"]
    assert wallet.balance(ana) == 0
    assert match_of(table)[1].purse() == [SEAT_CHIPS - move["amount"]]
    assert every_chip_accounted()


@pytest.mark.parametrize("attempt", range(3))
def test_a_bet_sent_as_the_clock_closes_the_bets_is_settled_exactly_once(
    ana: User, bruno: User, attempt: int
) -> None:
    table = open_house_table(ana, "stud")
    sit(table_id=table.pk, user=bruno, position=1)
    while len(match_of(table)[0].players) < 2:
        assert clock_runs_out(table)
    bet(table, ana, smallest_bet(table, ana))
    move = smallest_bet(table, bruno)

    race(lambda: clock_runs_out(table), lambda: bet(table, bruno, move))

    # Either his bet came first and is in the coup, its three stakes debited; or the clock
    # closed the bets first and the engine refused it, nothing debited.
    game, state = match_of(table)
    seat = game.seat_of(bruno.pk)
    assert seat is not None
    in_coup = state.view(seat)["seats"][seat]["bet"] > 0
    assert staked(bruno) == (3 * move["amount"] if in_coup else 0)
    assert mirrors(table, ana, bruno)
    assert every_chip_accounted()
