"""The play-money chip wallet (docs/wallet.md): balances, bets and payouts against the house, the
welcome chips and the free top-up, and the audit that recomputes every balance from the ledger.

Every movement is a transfer between two accounts, written as two ledger entries that sum to zero
(``games.models.LedgerEntry``), in one transaction with the cached balances of both accounts,
whose rows are locked in the order of their ids. A house table's service calls :func:`stake`,
:func:`pay` or :func:`settle` inside its own transaction, with its table row locked, so that the
chips move with the hand's state change or not at all. A refusal (``TableError``) changes nothing.
"""

import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from games.models import ChipAccount, Game, LedgerEntry, Table, User
from games.tables.errors import TableError

WELCOME_CHIPS = 1000
TOP_UP_BELOW = 100
TOP_UP_TO = 1000
TOP_UP_EVERY = timedelta(hours=24)

Reason = LedgerEntry.Reason
_TO_PLAYER = frozenset({Reason.PAYOUT, Reason.REFUND})
_FROM_PLAYER = frozenset({Reason.BET, Reason.LEVY})


@dataclass(frozen=True)
class Movement:
    """Chips between one player and the house: ``amount`` to the player (a payout or a refund),
    or, negative, from him (a bet or a levy)."""

    user: User
    amount: int
    reason: LedgerEntry.Reason


@dataclass(frozen=True)
class Coup:
    """What a movement belongs to: the table, its match and the hand (coup) of that match, by
    its number in the match."""

    table: Table | None = None
    game: Game | None = None
    number: int | None = None


NO_COUP = Coup()


def balance(user: User) -> int:
    """The player's chips; before his account opens, the welcome chips it will open with. Reads
    only (the page header calls it on every page)."""
    return _account_of(user).balance


def ensure_account(user: User) -> ChipAccount:
    """The player's account, opened with the welcome chips the first time he needs one.

    Call it before locking the table when a player joins one: opening an account locks the issue
    account, and locks are taken in the order of the ids within one call only."""
    account = ChipAccount.objects.filter(user=user).first()
    if account is not None:
        return account
    issue, _house = _system_accounts()
    with transaction.atomic():
        account, created = ChipAccount.objects.get_or_create(
            user=user, defaults={"kind": ChipAccount.Kind.PLAYER}
        )
        if created:
            locked = _lock([issue.pk, account.pk])
            entries = _Entries(NO_COUP)
            entries.transfer(locked[issue.pk], locked[account.pk], WELCOME_CHIPS, Reason.WELCOME)
            entries.write()
            account = locked[account.pk]
    return account


def stake(*, user: User, amount: int, coup: Coup = NO_COUP) -> int:
    """Take a bet of ``amount`` chips from the player for the house; his balance after it. A bet
    that is not a whole positive number of chips, or more than he has, is refused."""
    if amount <= 0:
        raise TableError(_("A bet is at least 1 chip."))
    return settle([Movement(user=user, amount=-amount, reason=Reason.BET)], coup=coup)[user.pk]


def pay(
    *,
    user: User,
    amount: int,
    reason: LedgerEntry.Reason = Reason.PAYOUT,
    coup: Coup = NO_COUP,
) -> int:
    """Pay the player ``amount`` chips from the house (a payout, or a bet given back); his
    balance after it."""
    if amount <= 0:
        raise ValueError("A payment is at least 1 chip.")
    return settle([Movement(user=user, amount=amount, reason=reason)], coup=coup)[user.pk]


def settle(movements: Sequence[Movement], *, coup: Coup = NO_COUP) -> dict[int, int]:
    """Move a coup's chips between its players and the house in one go: every bet, levy, payout
    and refund, each its own transfer. Refused as a whole when it would leave a player below
    zero: each player's movements count together, so a payout in the call covers a bet in it.
    Movements of no chips are skipped. The players' balances after it, by user id."""
    moving = [movement for movement in movements if movement.amount != 0]
    for movement in moving:
        _check_sign(movement)
    players = {movement.user.pk: movement.user for movement in moving}
    with transaction.atomic():
        accounts = {user_id: ensure_account(user).pk for user_id, user in players.items()}
        _issue, house = _system_accounts()
        locked = _lock([house.pk, *accounts.values()])
        _refuse_overdraft(players, accounts, locked, moving)
        entries = _Entries(coup)
        for movement in moving:
            entries.transfer(
                locked[house.pk],
                locked[accounts[movement.user.pk]],
                movement.amount,
                movement.reason,
            )
        entries.write()
        return {user_id: locked[account_id].balance for user_id, account_id in accounts.items()}


def top_up_refusal(user: User, *, now: datetime | None = None) -> StrOrPromise | None:
    """Why the player cannot take the free top-up now, or ``None`` when he can."""
    return _top_up_refusal(_account_of(user), user, now or timezone.now())


def may_top_up(account: ChipAccount, *, now: datetime) -> bool:
    """Whether the player of ``account`` (read with its user) may take the free top-up now."""
    return account.user is not None and _top_up_refusal(account, account.user, now) is None


def top_up(user: User, *, now: datetime | None = None) -> int:
    """The free top-up: the player's balance brought up to ``TOP_UP_TO`` when it is below
    ``TOP_UP_BELOW``, at most once every 24 hours (a bot's as often as it runs low). The chips
    given."""
    now = now or timezone.now()
    with transaction.atomic():
        account_id = ensure_account(user).pk
        issue, _house = _system_accounts()
        locked = _lock([issue.pk, account_id])
        account = locked[account_id]
        refusal = _top_up_refusal(account, user, now)
        if refusal is not None:
            raise TableError(refusal)
        chips = TOP_UP_TO - account.balance
        entries = _Entries(NO_COUP)
        entries.transfer(locked[issue.pk], account, chips, Reason.TOP_UP)
        entries.write()
        account.last_top_up_at = now
        account.save(update_fields=["last_top_up_at"])
        return chips


def audit() -> list[str]:
    """What is wrong with the wallet, in words (nothing when all is well): every cached balance
    recomputed from the ledger, every transfer and the whole ledger summed (zero), no player
    below zero."""
    problems = []
    sums = dict(LedgerEntry.objects.values_list("account").annotate(total=Sum("amount")).order_by())
    for account in ChipAccount.objects.select_related("user"):
        recorded = sums.get(account.pk, 0)
        if account.balance != recorded:
            problems.append(f"{account}: balance {account.balance}, ledger {recorded}")
        if account.kind == ChipAccount.Kind.PLAYER and account.balance < 0:
            problems.append(f"{account}: below zero ({account.balance})")
    unbalanced = (
        LedgerEntry.objects.values("transfer")
        .annotate(total=Sum("amount"))
        .exclude(total=0)
        .values_list("transfer", "total")
    )
    problems.extend(f"transfer {transfer}: sums to {total}" for transfer, total in unbalanced)
    total = LedgerEntry.objects.aggregate(total=Sum("amount"))["total"] or 0
    if total != 0:
        problems.append(f"the ledger sums to {total}")
    return problems


def issued() -> int:
    """Every chip ever issued: what the players' balances and the house's add up to."""
    issue = ChipAccount.objects.filter(kind=ChipAccount.Kind.ISSUE).first()
    return -issue.balance if issue is not None else 0


class _Entries:
    """Transfers written together: their ledger entries in one insert, then each account's new
    balance in one update, so that no update sees a player below zero half-way."""

    def __init__(self, coup: Coup) -> None:
        self.coup = coup
        self.entries: list[LedgerEntry] = []
        self.accounts: dict[int, ChipAccount] = {}

    def transfer(
        self, source: ChipAccount, target: ChipAccount, amount: int, reason: LedgerEntry.Reason
    ) -> None:
        """``amount`` chips from ``source`` to ``target`` (both locked)."""
        transfer = uuid.uuid4()
        for account, chips in ((source, -amount), (target, amount)):
            self.entries.append(
                LedgerEntry(
                    transfer=transfer,
                    account=account,
                    amount=chips,
                    reason=reason,
                    table=self.coup.table,
                    game=self.coup.game,
                    hand=self.coup.number,
                )
            )
            account.balance += chips
            self.accounts[account.pk] = account

    def write(self) -> None:
        LedgerEntry.objects.bulk_create(self.entries)
        for account in sorted(self.accounts.values(), key=lambda account: account.pk):
            account.save(update_fields=["balance"])


def _account_of(user: User) -> ChipAccount:
    """The player's account, or, before it opens, the account it will open as (not saved)."""
    account = ChipAccount.objects.filter(user=user).first()
    if account is None:
        return ChipAccount(kind=ChipAccount.Kind.PLAYER, user=user, balance=WELCOME_CHIPS)
    return account


def _system_accounts() -> tuple[ChipAccount, ChipAccount]:
    """The issue account and the house's, opened the first time (the issue account first)."""
    issue, _created = ChipAccount.objects.get_or_create(kind=ChipAccount.Kind.ISSUE)
    house, _created = ChipAccount.objects.get_or_create(kind=ChipAccount.Kind.HOUSE)
    return issue, house


def _lock(account_ids: Iterable[int]) -> dict[int, ChipAccount]:
    """The accounts' rows, locked in the order of their ids until the transaction ends."""
    rows = ChipAccount.objects.select_for_update().filter(pk__in=set(account_ids)).order_by("pk")
    return {account.pk: account for account in rows}


def _check_sign(movement: Movement) -> None:
    if movement.reason in _TO_PLAYER and movement.amount < 0:
        raise ValueError(f"A {movement.reason} goes to the player.")
    if movement.reason in _FROM_PLAYER and movement.amount > 0:
        raise ValueError(f"A {movement.reason} comes from the player.")
    if movement.reason not in _TO_PLAYER | _FROM_PLAYER:
        raise ValueError(f"A {movement.reason} is not between a player and the house.")


def _refuse_overdraft(
    players: dict[int, User],
    accounts: dict[int, int],
    locked: dict[int, ChipAccount],
    moving: list[Movement],
) -> None:
    """A refusal when the movements would leave a player below zero."""
    for user_id, user in players.items():
        chips = locked[accounts[user_id]].balance
        change = sum(movement.amount for movement in moving if movement.user.pk == user_id)
        if chips + change >= 0:
            continue
        if len(players) == 1:
            raise TableError(
                _counted("You have only %(count)d chip.", "You have only %(count)d chips.", chips)
            )
        raise TableError(
            _counted(
                "%(name)s has only %(count)d chip.",
                "%(name)s has only %(count)d chips.",
                chips,
                name=str(user),
            )
        )


def _top_up_refusal(account: ChipAccount, user: User, now: datetime) -> StrOrPromise | None:
    if account.balance >= TOP_UP_BELOW:
        return _counted(
            "The free top-up is for when you have fewer than %(count)d chip.",
            "The free top-up is for when you have fewer than %(count)d chips.",
            TOP_UP_BELOW,
        )
    if user.is_bot or account.last_top_up_at is None:
        return None
    wait = account.last_top_up_at + TOP_UP_EVERY - now
    if wait <= timedelta(0):
        return None
    minutes = -(-wait // timedelta(minutes=1))
    return _later(
        "Your next free top-up is in %(hours)d h %(minutes)02d min.",
        hours=minutes // 60,
        minutes=minutes % 60,
    )


def _counted(singular: str, plural: str, count: int, **params: object) -> StrOrPromise:
    """A message with a count, translated when it is read, in the reader's language."""
    return lazy(lambda: ngettext(singular, plural, count) % {"count": count, **params}, str)()


def _later(message: str, **params: object) -> StrOrPromise:
    """A message with numbers, translated when it is read, in the reader's language."""
    return lazy(lambda: gettext(message) % params, str)()
