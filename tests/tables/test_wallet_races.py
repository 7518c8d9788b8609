"""Wallet calls at the same moment (two bets from two tabs, a double click on the top-up, a new
player's first two requests): the account rows' locks serialize them, so a balance that covers one
bet pays for exactly one, one top-up is given and one welcome. The threads really race on the
database: row locks on PostgreSQL, IMMEDIATE transactions on SQLite."""

import threading

import pytest
from django.db import transaction
from django.utils import timezone

from games.models import LedgerEntry, User
from games.tables import wallet
from games.tables.versions import lock_table
from games.tables.wallet import Coup
from tests.support.races import race
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_bets_at_once_never_overdraw_the_balance(ana: User) -> None:
    wallet.ensure_account(ana)

    def bet() -> object:
        return wallet.stake(user=ana, amount=600)

    outcomes = race(bet, bet)

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

    outcomes = race(bet_at_a_table, bet_at_a_table)

    assert outcomes == ["You have only 300 chips.", "done"]
    assert wallet.balance(ana) == 300
    assert wallet.audit() == []


def test_a_double_click_on_the_top_up_gives_it_once(ana: User) -> None:
    wallet.stake(user=ana, amount=1000)
    now = timezone.now()

    def top_up() -> object:
        return wallet.top_up(ana, now=now)

    outcomes = race(top_up, top_up)

    assert outcomes == ["The free top-up is for when you have fewer than 100 chips.", "done"]
    assert wallet.balance(ana) == 1000
    assert wallet.audit() == []


def test_a_new_players_first_requests_at_once_open_one_account(ana: User) -> None:
    def welcome() -> object:
        return wallet.ensure_account(ana)

    outcomes = race(welcome, welcome, welcome)

    assert outcomes == ["done", "done", "done"]
    assert LedgerEntry.objects.filter(reason=LedgerEntry.Reason.WELCOME).count() == 2
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS
    assert wallet.audit() == []
