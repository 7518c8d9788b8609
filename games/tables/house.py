"""What a table the house banks (Monte, the three-bet stud, Pai Gow Poker) does besides what every
table does: the server is the dealer. A window is open (the bets, a player's decision) until
every seated player who may move has moved or the table's clock runs out; then the dealer closes
it ("no va más"). After a coup, a short pause, then the next coup: in the same match while the
same players sit, or a new match with whoever sits now (players join and leave between coups).
Every chip a seat's purse loses goes to the house from the player's wallet, and every chip it
gains comes back from the house, in the transaction of the move (docs/house-tables.md)."""

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from games.engine.protocol import HAND_OVER, MATCH_OVER
from games.kinds.house import HouseMatch
from games.models import ChipAccount, Game, LedgerEntry, Table, User
from games.tables import wallet


def window_length(table: Table, state: HouseMatch) -> timedelta:
    """How long the table gives the window that has just opened."""
    if state.stage == HAND_OVER:
        return timedelta(seconds=settings.CARDROOM_HOUSE_PAUSE_SECONDS)
    return timedelta(seconds=table.window_seconds)


def seated_owing(game: Game, state: HouseMatch) -> list[int]:
    """The engine seats that may still move in the open window, of players who still sit at the
    table (one who stood up between his bets waits for nothing: the window closes without him)."""
    sitting = set(game.table.seats.values_list("user_id", flat=True))
    return [seat for seat in state.owing() if game.players[seat]["user"] in sitting]


def has_chips_on_table(state: HouseMatch, seat: int) -> bool:
    """Whether the seat has stakes on the coup being played (he may not leave before it ends)."""
    return state.counts()[seat] != state.purse()[seat]


def follow_purses(game: Game, before: HouseMatch, after: HouseMatch, *, by_player: bool) -> None:
    """Move through the wallet what the move changed in each seat's purse: a fall is a bet, a
    rise a payout (the dealer's move, or the move that settles the coup) or a refund (the
    player's own before that: a withdrawn bet). What the house kept of a win (Monte's levy, Pai
    Gow's commission) is its own entry: the payout is the whole win, the levy comes back from
    it. A player whose wallet cannot cover his stake is refused, and the move with it."""
    over = (HAND_OVER, MATCH_OVER)
    settles = before.stage not in over and after.stage in over
    movements = []
    purses = zip(before.purse(), after.purse(), strict=True)
    takes = zip(before.house_take(), after.house_take(), strict=True)
    for seat, ((old, new), (taken, taking)) in enumerate(zip(purses, takes, strict=True)):
        levy = max(taking - taken, 0)  # a new coup starts the house's take again from nothing
        if old == new and not levy:
            continue
        user = User.objects.get(pk=game.players[seat]["user"])
        if new < old:
            reason = LedgerEntry.Reason.BET
        elif by_player and not settles:
            reason = LedgerEntry.Reason.REFUND
        else:
            reason = LedgerEntry.Reason.PAYOUT
        movements.append(wallet.Movement(user=user, amount=new - old + levy, reason=reason))
        if levy:
            movements.append(
                wallet.Movement(user=user, amount=-levy, reason=LedgerEntry.Reason.LEVY)
            )
    if movements:
        coup = wallet.Coup(table=game.table, game=game, number=before.hand_no)
        wallet.settle(movements, coup=coup)


def refund_stakes(game: Game, state: HouseMatch) -> None:
    """A match that ends in the middle of a coup (the table closed for want of players): every
    stake still on the table goes back to its player."""
    movements = [
        wallet.Movement(
            user=User.objects.get(pk=game.players[seat]["user"]),
            amount=held - off_table,
            reason=LedgerEntry.Reason.REFUND,
        )
        for seat, (held, off_table) in enumerate(zip(state.counts(), state.purse(), strict=True))
        if held != off_table
    ]
    if movements:
        wallet.settle(
            movements, coup=wallet.Coup(table=game.table, game=game, number=state.hand_no)
        )


@dataclass(frozen=True)
class Wallets:
    """What the players of a house match have in their wallets: each engine seat's chips (the
    welcome chips before his first bet) and the seats whose player may take the free top-up."""

    balances: dict[int, int]
    top_ups: frozenset[int]


def wallets(game: Game) -> Wallets:
    users = [player["user"] for player in game.players]
    accounts = {
        account.user_id: account
        for account in ChipAccount.objects.filter(user_id__in=users).select_related("user")
    }
    now = timezone.now()
    return Wallets(
        balances={
            seat: accounts[user].balance if user in accounts else wallet.WELCOME_CHIPS
            for seat, user in enumerate(users)
        },
        top_ups=frozenset(
            seat
            for seat, user in enumerate(users)
            if user in accounts and wallet.may_top_up(accounts[user], now=now)
        ),
    )
