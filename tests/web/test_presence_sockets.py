"""The table's sockets keep presence: each counts itself in and out, and a sat-out player who
opens the table takes his seat back while the others watch."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import presence
from games.models import Presence, Seat, Table, User
from tests.web.live import rummy_table, table_socket
from tests.web.sockets import receive_until

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
