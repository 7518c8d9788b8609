"""Wallet calls at the same moment (two bets from two tabs, a double click on the top-up, a new
player's first two requests): the account rows' locks serialize them, so a balance that covers one
bet pays for exactly one, one top-up is given and one welcome. The threads really race on the
database: row locks on PostgreSQL, IMMEDIATE transactions on SQLite."""

import threading
from collections.abc import Callable

import pytest
from django.db import connection, transaction
from django.utils import timezone, translation

from games.models import LedgerEntry, User
from games.tables import wallet
from games.tables.errors import TableError
from games.tables.versions import lock_table
from games.tables.wallet import Coup
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)


def race(racers: int, work: Callable[[], object]) -> list[str]:
    """``racers`` threads run ``work`` at once; what each got ("done" or the refusal's text)."""
    barrier = threading.Barrier(racers)
    outcomes: list[str] = []

    def run() -> None:
        barrier.wait()
        try:
            work()
        except TableError as error:
            with translation.override("en"):
                outcomes.append(str(error.message))
        else:
            outcomes.append("done")
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(racers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(outcomes)


def test_two_bets_at_once_never_overdraw_the_balance(ana: User) -> None:
    wallet.ensure_account(ana)

    outcomes = race(2, lambda: wallet.stake(user=ana, amount=600))

    assert outcomes == ["You have only 400 chips.", "done"]
    assert wallet.balance(ana) == 400
    assert wallet.audit() == []


def test_bets_at_two_tables_locked_by_their_callers_never_overdraw(ana: User) -> None:
    tables = [open_table(ana), open_table(ana)]
    wallet.ensure_account(ana)
    turn = iter(tables)
    pick = threading.Lock()

    def bet_at_a_table() -> None:
        with pick:
            table = next(turn)
        with transaction.atomic():
            lock_table(table.pk)
            wallet.stake(user=ana, amount=700, coup=Coup(table=table, number=1))

    outcomes = race(2, bet_at_a_table)

    assert outcomes == ["You have only 300 chips.", "done"]
    assert wallet.balance(ana) == 300
    assert wallet.audit() == []


def test_a_double_click_on_the_top_up_gives_it_once(ana: User) -> None:
    wallet.stake(user=ana, amount=1000)
    now = timezone.now()

    outcomes = race(2, lambda: wallet.top_up(ana, now=now))

    assert outcomes == ["The free top-up is for when you have fewer than 100 chips.", "done"]
    assert wallet.balance(ana) == 1000
    assert wallet.audit() == []


def test_a_new_players_first_requests_at_once_open_one_account(ana: User) -> None:
    outcomes = race(3, lambda: wallet.ensure_account(ana))

    assert outcomes == ["done", "done", "done"]
    assert LedgerEntry.objects.filter(reason=LedgerEntry.Reason.WELCOME).count() == 2
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS
    assert wallet.audit() == []
