"""Tables the house banks (docs/house-tables.md): the server deals, a window of bets closes when
every seated player is done or on the clock ("no va más"), players join and leave between coups,
and every chip a bet takes or a payout gives moves through the player's wallet in the same
transaction as the move, so the wallet always mirrors the table."""

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone, translation

from games.engine.protocol import HAND_OVER, PLAYING
from games.live.fragments import page_parts
from games.live.part_cache import render_part
from games.models import Action, ChipAccount, Game, LedgerEntry, Seat, Table, User
from games.tables import wallet
from games.tables.errors import TableError
from games.tables.seating import play_now, sit, stand
from games.tables.selectors import live_table
from games.timed.housekeeping import close_idle_table
from tests.support.house import (
    HOUSE_GAMES,
    bet,
    clock_runs_out,
    match_of,
    next_step,
    open_house_table,
    smallest_bet,
)

pytestmark = pytest.mark.django_db

Reason = LedgerEntry.Reason
SEAT_CHIPS = 10**9  # the engine's running count each seat starts a match with


def refusal(error: pytest.ExceptionInfo[TableError]) -> str:
    with translation.override("en"):
        return str(error.value.message)


def mirrors(table: Table, *players: User) -> bool:
    """Each player's wallet moved exactly as his seat's chips off the table did this match."""
    game, state = match_of(table)
    purse = state.purse()
    for player in players:
        seat = game.seat_of(player.pk)
        assert seat is not None
        moved = LedgerEntry.objects.filter(account__user=player, game=game).values_list(
            "amount", flat=True
        )
        if sum(moved) != purse[seat] - SEAT_CHIPS:
            return False
    return True


def every_chip_accounted() -> bool:
    house = ChipAccount.objects.get(kind=ChipAccount.Kind.HOUSE).balance
    players = sum(
        ChipAccount.objects.filter(kind=ChipAccount.Kind.PLAYER).values_list("balance", flat=True)
    )
    return wallet.audit() == [] and players + house == wallet.issued()


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_a_house_table_deals_from_its_first_player_and_opens_the_bets_on_the_clock(
    ana: User, game: str
) -> None:
    table = open_house_table(ana, game)

    played, state = match_of(table)
    assert table.status == Table.Status.PLAYING
    assert [player["user"] for player in played.players] == [ana.pk]
    assert state.stage == PLAYING and state.owing() == [0]
    assert played.turn_deadline is not None
    assert 29 <= (played.turn_deadline - played.created_at).total_seconds() <= 31


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_a_bet_comes_out_of_the_wallet_in_the_same_move(ana: User, game: str) -> None:
    table = open_house_table(ana, game)
    move = smallest_bet(table, ana)

    bet(table, ana, move)

    played, _state = match_of(table)
    staked = LedgerEntry.objects.get(account__user=ana, reason=Reason.BET)
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS + staked.amount < wallet.WELCOME_CHIPS
    assert (staked.table, staked.game, staked.hand) == (table, played, 1)
    assert mirrors(table, ana)
    assert every_chip_accounted()


def header_chips(table: Table, viewer: User) -> str | None:
    """The chips the page header shows ``viewer`` in the table's live parts (in English);
    ``None`` when the parts leave the header alone."""
    live = live_table(table_id=table.pk, viewer=viewer, granted_table_ids=())
    assert live is not None
    with translation.override("en"):
        parts, _screen = page_parts(live)
        return render_part(parts["wallet"]) if "wallet" in parts else None


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_the_page_header_follows_the_players_wallet_through_a_bet(
    ana: User, bruno: User, game: str
) -> None:
    table = open_house_table(ana, game)
    assert ">1000 chips<" in (header_chips(table, ana) or "")

    move = smallest_bet(table, ana)
    bet(table, ana, move)

    shown = header_chips(table, ana) or ""
    assert 'id="wallet"' in shown and 'hx-swap-oob="true"' in shown
    assert f">{wallet.balance(ana)} chips<" in shown
    assert wallet.balance(ana) < wallet.WELCOME_CHIPS
    assert 'id="top-up"' not in shown
    assert header_chips(table, bruno) is None


def test_a_player_whose_bet_takes_him_below_the_top_up_line_gets_its_button_at_once(
    ana: User,
) -> None:
    table = open_house_table(ana, "stud")
    wallet.stake(user=ana, amount=wallet.WELCOME_CHIPS - wallet.TOP_UP_BELOW - 5)
    assert 'id="top-up"' not in (header_chips(table, ana) or "")

    bet(table, ana, {**smallest_bet(table, ana), "amount": 10})

    shown = header_chips(table, ana) or ""
    assert wallet.balance(ana) < wallet.TOP_UP_BELOW
    assert f">{wallet.balance(ana)} chips<" in shown
    assert 'id="top-up"' in shown and 'hx-post="/accounts/top-up/"' in shown
    assert 'hx-target="#wallet"' in shown


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_a_bet_beyond_the_wallet_is_refused_and_changes_nothing(ana: User, game: str) -> None:
    table = open_house_table(ana, game)
    move = smallest_bet(table, ana)
    wallet.stake(user=ana, amount=wallet.WELCOME_CHIPS - 1)
    table.refresh_from_db()
    version, logged = table.version, Action.objects.count()

    with pytest.raises(TableError) as error:
        bet(table, ana, move)

    assert refusal(error) == "You have only 1 chip."
    table.refresh_from_db()
    assert (table.version, Action.objects.count(), wallet.balance(ana)) == (version, logged, 1)


def test_once_every_seated_player_is_done_the_dealer_says_no_va_mas(ana: User, bruno: User) -> None:
    table = open_house_table(ana, "monte")
    bet(table, ana, smallest_bet(table, ana))

    bet(table, ana, {"kind": "done"})

    played, state = match_of(table)
    dealer = Action.objects.filter(game=played).order_by("seq").last()
    assert dealer is not None and dealer.seat is None
    assert dealer.action["kind"] in ("no_va_mas", "next_coup")
    assert state.view(None)["phase"] in ("segundas", "over")
    assert mirrors(table, ana)
    assert every_chip_accounted()


def test_the_bets_close_on_the_clock_and_the_next_window_gets_a_clock_of_its_own(
    ana: User,
) -> None:
    table = open_house_table(ana, "monte")
    bet(table, ana, smallest_bet(table, ana))
    first, _state = match_of(table)

    assert clock_runs_out(table)

    played, state = match_of(table)
    closing = Action.objects.filter(game=played, seat=None).order_by("seq").first()
    assert closing is not None and closing.action == {"kind": "no_va_mas"}
    assert played.window != first.window
    assert played.turn_deadline is not None and played.turn_deadline > first.turn_deadline  # type: ignore[operator]
    assert mirrors(table, ana)


def test_a_player_who_sits_during_a_coup_plays_from_the_next(ana: User, bruno: User) -> None:
    table = open_house_table(ana, "monte")
    sit(table_id=table.pk, user=bruno, position=3)

    first, _state = match_of(table)
    assert [player["user"] for player in first.players] == [ana.pk]
    with pytest.raises(TableError) as error:
        bet(table, bruno, {"kind": "done"})
    assert refusal(error) == "You play from the next coup."
    while match_of(table)[0] == first:
        assert clock_runs_out(table)

    first.refresh_from_db()
    second, state = match_of(table)
    assert first.status == Game.Status.FINISHED
    assert [player["user"] for player in second.players] == [ana.pk, bruno.pk]
    assert state.owing() == [0, 1]


def test_a_player_leaves_once_his_bets_are_settled_and_an_empty_table_waits(ana: User) -> None:
    table = open_house_table(ana, "monte")
    bet(table, ana, smallest_bet(table, ana))

    with pytest.raises(TableError) as error:
        stand(table_id=table.pk, user=ana)
    assert refusal(error) == "Your bets are on the table: you may leave once the coup is settled."

    while match_of(table)[1].stage != HAND_OVER:
        assert clock_runs_out(table)
    stand(table_id=table.pk, user=ana)
    assert clock_runs_out(table)

    table.refresh_from_db()
    assert table.status == Table.Status.WAITING
    assert match_of(table)[0].status == Game.Status.FINISHED
    assert every_chip_accounted()


def test_a_stud_player_who_lets_his_decision_run_out_takes_his_first_bet_back(
    ana: User,
) -> None:
    table = open_house_table(ana, "stud")
    move = smallest_bet(table, ana)
    bet(table, ana, move)  # the only seat has bet: the dealer deals at once

    played, state = match_of(table)
    assert state.view(0)["phase"] == "first" and state.owing() == [0]
    assert clock_runs_out(table)

    refund = LedgerEntry.objects.get(account__user=ana, reason=Reason.REFUND)
    assert (refund.amount, refund.game) == (move["amount"], played)
    assert mirrors(table, ana)


def test_a_pai_gow_player_who_lets_the_split_run_out_gets_the_house_way(ana: User) -> None:
    table = open_house_table(ana, "paigow")
    bet(table, ana, smallest_bet(table, ana))

    _played, state = match_of(table)
    assert state.view(0)["phase"] == "setting"
    assert clock_runs_out(table)

    played, state = match_of(table)
    assert state.stage == HAND_OVER
    split = Action.objects.filter(game=played, seat=0).order_by("seq").last()
    assert split is not None and split.action == {"kind": "house_way"}
    assert mirrors(table, ana)
    assert every_chip_accounted()


@pytest.mark.parametrize("game", HOUSE_GAMES)
def test_bots_play_coup_after_coup_and_every_chip_stays_accounted_for(
    make_user: Any, game: str
) -> None:
    from games.accounts.services import bot_named

    host = bot_named(1)
    table = open_house_table(host, game)
    for position in (2, 4):
        sit(table_id=table.pk, user=bot_named(position), position=position)
    coups = 0
    for _ in range(2_000):
        before = match_of(table)[1]
        assert next_step(table)
        after = match_of(table)[1]
        if before.stage != HAND_OVER and after.stage == HAND_OVER:
            coups += 1
            assert every_chip_accounted()
        if coups == 12:
            break
    assert coups == 12
    assert LedgerEntry.objects.filter(reason=Reason.BET).exists()


def test_the_seat_list_offers_a_free_seat_and_standing_up_while_the_house_deals(
    ana: User, bruno: User
) -> None:
    table = open_house_table(ana, "stud")

    seen_by_bruno = live_table(table_id=table.pk, viewer=bruno, granted_table_ids=())
    seen_by_ana = live_table(table_id=table.pk, viewer=ana, granted_table_ids=())

    assert seen_by_bruno is not None and seen_by_ana is not None
    assert [seat.can_sit for seat in seen_by_bruno.view.seats] == [False] + [True] * 5
    assert seen_by_ana.view.seats[0].can_stand
    assert not seen_by_ana.view.can_start


def test_play_now_seats_you_at_a_house_table_that_is_dealing(ana: User, bruno: User) -> None:
    dealing = open_house_table(ana, "paigow")

    seated_at = play_now(user=bruno, game="paigow")

    assert seated_at.pk == dealing.pk
    assert dealing.seats.filter(user=bruno).exists()
    assert play_now(user=bruno, game="paigow").pk == dealing.pk


def test_a_house_table_closed_for_want_of_players_gives_the_stakes_back(ana: User) -> None:
    table = open_house_table(ana, "stud")
    bet(table, ana, smallest_bet(table, ana))  # dealt at once: three stakes on the table
    assert wallet.balance(ana) < wallet.WELCOME_CHIPS

    assert close_idle_table(table_id=table.pk, now=timezone.now() + timedelta(hours=2))

    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert wallet.balance(ana) == wallet.WELCOME_CHIPS
    assert every_chip_accounted()


def test_no_bot_bets_for_a_player_who_is_away(ana: User) -> None:
    table = open_house_table(ana, "monte")
    Seat.objects.filter(table=table, user=ana).update(sat_out=True)

    bet(table, ana, smallest_bet(table, ana))

    played, _state = match_of(table)
    assert played.bot_move_at is None
