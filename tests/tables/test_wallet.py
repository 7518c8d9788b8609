"""The chip wallet (docs/wallet.md): every chip a player has came from the issue account, every bet
goes to the house and every payout comes from it, each as a transfer of two ledger entries that sum
to zero; a bet beyond the balance is refused and changes nothing; the free top-up comes at most
once a day; the ledger is never changed; the audit recomputes every balance and agrees."""

import random
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, Sum
from django.utils import timezone, translation

from games.models import ChipAccount, LedgerEntry, Table, User
from games.tables import wallet
from games.tables.errors import TableError
from games.tables.versions import lock_table
from games.tables.wallet import Coup, Movement
from tests.conftest import MakeUser
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db

Reason = LedgerEntry.Reason


def refusal(error: pytest.ExceptionInfo[TableError]) -> str:
    with translation.override("en"):
        return str(error.value.message)


def house_balance() -> int:
    return ChipAccount.objects.get(kind=ChipAccount.Kind.HOUSE).balance


def players_and_house() -> int:
    """Every chip held: the players' balances and the house's."""
    held = ChipAccount.objects.exclude(kind=ChipAccount.Kind.ISSUE).aggregate(total=Sum("balance"))
    return int(held["total"] or 0)


def test_a_new_player_has_the_welcome_chips_issued_to_him(ana: User) -> None:
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS
    assert not LedgerEntry.objects.exists()

    wallet.ensure_account(ana)
    wallet.ensure_account(ana)

    assert wallet.balance(ana) == wallet.WELCOME_CHIPS
    assert wallet.issued() == wallet.WELCOME_CHIPS
    assert list(LedgerEntry.objects.values_list("account__kind", "amount", "reason")) == [
        ("issue", -wallet.WELCOME_CHIPS, "welcome"),
        ("player", wallet.WELCOME_CHIPS, "welcome"),
    ]
    assert wallet.audit() == []


def test_a_bet_goes_to_the_house_and_a_payout_comes_from_it_with_its_hand(ana: User) -> None:
    table = open_table(ana)
    coup = Coup(table=table, number=3)

    assert wallet.stake(user=ana, amount=300, coup=coup) == 700
    assert house_balance() == 300
    assert wallet.pay(user=ana, amount=600, coup=coup) == 1300
    assert house_balance() == -300
    assert players_and_house() == wallet.issued() == 1000

    bets = LedgerEntry.objects.filter(reason=Reason.BET)
    assert sorted(bets.values_list("account__kind", "amount")) == [("house", 300), ("player", -300)]
    assert {(entry.table_id, entry.hand) for entry in bets} == {(table.pk, 3)}
    assert bets.values("transfer").distinct().count() == 1
    assert wallet.audit() == []


def test_a_bet_larger_than_the_balance_is_refused_and_moves_nothing(ana: User) -> None:
    wallet.stake(user=ana, amount=990)
    entries = LedgerEntry.objects.count()

    with pytest.raises(TableError) as error:
        wallet.stake(user=ana, amount=11)

    assert refusal(error) == "You have only 10 chips."
    with translation.override("es"):
        assert str(error.value.message) == "Solo tienes 10 fichas."
    assert wallet.balance(ana) == 10
    assert LedgerEntry.objects.count() == entries
    assert wallet.stake(user=ana, amount=10) == 0


@pytest.mark.parametrize("amount", [0, -5])
def test_a_bet_of_no_chips_or_fewer_is_refused(ana: User, amount: int) -> None:
    with pytest.raises(TableError) as error:
        wallet.stake(user=ana, amount=amount)

    assert refusal(error) == "A bet is at least 1 chip."
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS


def test_a_coup_settles_every_bet_levy_and_payout_at_once(
    ana: User, bruno: User, carmen: User
) -> None:
    wallet.stake(user=ana, amount=1000)
    balances = wallet.settle(
        [
            Movement(user=ana, amount=200, reason=Reason.PAYOUT),
            Movement(user=ana, amount=-20, reason=Reason.LEVY),
            Movement(user=ana, amount=-150, reason=Reason.BET),
            Movement(user=bruno, amount=-400, reason=Reason.BET),
            Movement(user=carmen, amount=50, reason=Reason.REFUND),
            Movement(user=carmen, amount=0, reason=Reason.PAYOUT),
        ]
    )

    assert balances == {ana.pk: 30, bruno.pk: 600, carmen.pk: 1050}
    assert house_balance() == 1000 - 200 + 20 + 150 + 400 - 50
    assert players_and_house() == wallet.issued() == 3000
    assert wallet.audit() == []


def test_a_coup_that_would_leave_a_player_below_zero_is_refused_whole(
    ana: User, bruno: User
) -> None:
    wallet.stake(user=bruno, amount=900)
    entries = LedgerEntry.objects.count()

    with pytest.raises(TableError) as error:
        wallet.settle(
            [
                Movement(user=ana, amount=-100, reason=Reason.BET),
                Movement(user=bruno, amount=-101, reason=Reason.BET),
            ]
        )

    assert refusal(error) == "Bruno has only 100 chips."
    assert LedgerEntry.objects.count() == entries
    assert (wallet.balance(ana), wallet.balance(bruno)) == (1000, 100)


def test_a_movement_against_its_reason_is_a_programming_error(ana: User) -> None:
    with pytest.raises(ValueError, match="goes to the player"):
        wallet.settle([Movement(user=ana, amount=-5, reason=Reason.PAYOUT)])
    with pytest.raises(ValueError, match="comes from the player"):
        wallet.settle([Movement(user=ana, amount=5, reason=Reason.BET)])
    with pytest.raises(ValueError, match="not between a player and the house"):
        wallet.settle([Movement(user=ana, amount=5, reason=Reason.TOP_UP)])
    with pytest.raises(ValueError):
        wallet.pay(user=ana, amount=0)


def test_the_free_top_up_comes_when_low_and_once_a_day(ana: User) -> None:
    now = timezone.now()
    with pytest.raises(TableError) as error:
        wallet.top_up(ana, now=now)
    assert refusal(error) == "The free top-up is for when you have fewer than 100 chips."

    wallet.stake(user=ana, amount=950)
    assert wallet.top_up_refusal(ana, now=now) is None
    assert wallet.top_up(ana, now=now) == 950
    assert wallet.balance(ana) == wallet.TOP_UP_TO

    wallet.stake(user=ana, amount=1000)
    with pytest.raises(TableError) as error:
        wallet.top_up(ana, now=now + timedelta(hours=1, seconds=90))
    assert refusal(error) == "Your next free top-up is in 22 h 59 min."
    assert wallet.balance(ana) == 0

    assert wallet.top_up(ana, now=now + wallet.TOP_UP_EVERY) == 1000
    assert LedgerEntry.objects.filter(reason=Reason.TOP_UP, amount__gt=0).count() == 2
    assert players_and_house() == wallet.issued() == 1000 + 950 + 1000
    assert wallet.audit() == []


def test_a_bot_tops_up_whenever_it_runs_low(make_user: MakeUser) -> None:
    bot = make_user("Bot 1")
    bot.is_bot = True
    bot.save()
    now = timezone.now()
    for _round in range(3):
        wallet.stake(user=bot, amount=wallet.balance(bot))
        assert wallet.top_up(bot, now=now) == 1000


def test_a_guest_has_a_wallet_like_anyone(make_user: MakeUser) -> None:
    guest = make_user("Invitada", is_guest=True)
    assert wallet.stake(user=guest, amount=100) == 900


def test_the_ledger_is_never_changed_nor_deleted(ana: User) -> None:
    table = open_table(ana)
    wallet.stake(user=ana, amount=10, coup=Coup(table=table))
    entry = LedgerEntry.objects.filter(account__kind=ChipAccount.Kind.PLAYER).last()
    assert entry is not None

    entry.amount = 1_000_000
    with pytest.raises(ValueError, match="append-only"):
        entry.save()
    with pytest.raises(ValueError, match="append-only"):
        entry.delete()
    with pytest.raises(ValueError, match="append-only"):
        LedgerEntry.objects.filter(pk=entry.pk).update(amount=1)
    with pytest.raises(ValueError, match="append-only"):
        LedgerEntry.objects.all().delete()
    with pytest.raises(ProtectedError):
        Table.objects.filter(pk=table.pk).delete()
    with pytest.raises(ProtectedError):
        User.objects.filter(pk=ana.pk).delete()
    assert wallet.audit() == []


def test_the_database_keeps_a_player_from_going_below_zero(ana: User) -> None:
    wallet.ensure_account(ana)
    with pytest.raises(IntegrityError), transaction.atomic():
        ChipAccount.objects.filter(user=ana).update(balance=-1)


def test_the_audit_finds_a_balance_the_ledger_does_not_explain(
    ana: User, bruno: User, english: None
) -> None:
    wallet.stake(user=ana, amount=100)
    wallet.ensure_account(bruno)
    out = StringIO()
    call_command("check_wallet", stdout=out)
    assert out.getvalue() == "The chip ledger agrees: 2000 chips issued.\n"

    ChipAccount.objects.filter(user=bruno).update(balance=1500)

    assert wallet.audit() == ["Player · Bruno: balance 1500, ledger 1000"]
    with pytest.raises(CommandError, match="1 problem"):
        call_command("check_wallet", stderr=StringIO())


def test_any_run_of_bets_payouts_and_top_ups_keeps_every_chip(make_user: MakeUser) -> None:
    players = [make_user(f"Player {index}") for index in range(4)]
    table = open_table(players[0])
    rng = random.Random(18)
    now = timezone.now()
    for step in range(300):
        user = rng.choice(players)
        chips = rng.randint(-50, 1200)
        coup = Coup(table=table, number=step)
        operation = rng.choice(["stake", "pay", "settle", "top_up"])
        try:
            if operation == "stake":
                wallet.stake(user=user, amount=chips, coup=coup)
            elif operation == "pay":
                wallet.pay(user=user, amount=abs(chips) // 3 + 1, coup=coup)
            elif operation == "settle":
                wallet.settle(
                    [
                        Movement(user=player, amount=-rng.randint(0, 600), reason=Reason.BET)
                        for player in players
                    ]
                    + [Movement(user=user, amount=rng.randint(0, 900), reason=Reason.PAYOUT)],
                    coup=coup,
                )
            else:
                now += timedelta(hours=rng.choice([1, 25]))
                wallet.top_up(user, now=now)
        except TableError:
            pass
        assert players_and_house() == wallet.issued()
        assert min(wallet.balance(player) for player in players) >= 0
    assert wallet.audit() == []
    assert LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] == 0


def test_chips_move_with_the_callers_change_or_not_at_all(ana: User) -> None:
    table = open_table(ana)
    with pytest.raises(RuntimeError), transaction.atomic():
        lock_table(table.pk)
        wallet.stake(user=ana, amount=500, coup=Coup(table=table, number=1))
        raise RuntimeError("the hand's state change failed")

    assert wallet.balance(ana) == 1000
    assert not LedgerEntry.objects.filter(reason=Reason.BET).exists()
    assert wallet.audit() == []
