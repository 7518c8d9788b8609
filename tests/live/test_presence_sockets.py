"""The table's sockets keep presence: each counts itself in and out, and a sat-out player who
opens the table takes his seat back while the others watch; the host removes, over his socket, a
player who ran out of patience."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games.models import Presence, Seat, Table, User
from games.tables import presence
from games.timed import housekeeping
from tests.support.live import close_all, rummy_table, table_socket
from tests.support.matches import bot_move, match_of
from tests.support.sockets import receive_until, send_action

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def connections(table: Table, user: User) -> int:
    row = Presence.objects.filter(table=table, user=user).first()
    return 0 if row is None else row.connections


@database_sync_to_async
def sit_out_ana(table: Table) -> bool:
    later = timezone.now() + timedelta(seconds=61)
    return presence.sit_out_absent(table_id=table.pk, now=later)


@database_sync_to_async
def sat_out(table: Table, user: User) -> bool:
    return Seat.objects.get(table=table, user=user).sat_out


async def test_each_tab_counts_in_and_out(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    first = await table_socket(table, ana)
    second = await table_socket(table, ana)
    assert await connections(table, ana) == 2
    await first.disconnect()
    assert await connections(table, ana) == 1
    await second.disconnect()
    assert await connections(table, ana) == 0


async def test_a_sat_out_player_takes_his_seat_back_by_opening_the_table(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    watcher = await table_socket(table, bruno)
    try:
        assert await sit_out_ana(table)
        away = await receive_until(watcher, "Ana is away")
        assert "badge-away" in away
        back = await table_socket(table, ana)
        seen = await receive_until(watcher, "Ana is back")
        assert "badge-away" not in seen
        assert not await sat_out(table, ana)
        await back.disconnect()
    finally:
        await watcher.disconnect()


@database_sync_to_async
def sit_out_bruno_past_patience(table: Table) -> None:
    """Ana plays her turn; Bruno, on turn, keeps the table open past its patience."""
    while match_of(table)[1].turn(match_of(table)[2]) != 1:
        assert bot_move(table)
    deadline = match_of(table)[0].turn_deadline
    assert deadline is not None
    later = deadline + timedelta(seconds=1)
    open_here = Presence.objects.filter(table=table).values_list("pk", flat=True)
    presence.still_here(open_here, now=later)
    housekeeping.sweep(now=later)


async def test_the_host_removes_a_player_who_ran_out_of_patience_from_his_seat_control(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    host = await table_socket(table, ana)
    slow = await table_socket(table, bruno)
    try:
        await sit_out_bruno_past_patience(table)
        seats = await receive_until(host, "took too long")
        assert 'name="action" value="remove"' in seats
        await send_action(host, action="remove", table=str(table.pk), seat="1")
        removed = await receive_until(slow, "The host removed Bruno")
        assert 'value="remove"' not in removed
        assert await sat_out(table, bruno)
    finally:
        await close_all(host, slow)
