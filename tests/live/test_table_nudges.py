"""After a committed change, the table's group and the lobby's hear a nudge that names the new
version and carries no state; a refused request sends nothing."""

import pytest
from channels.db import database_sync_to_async

from games.models import User
from games.tables import seating
from games.tables.broadcasts import LOBBY_GROUP, table_group
from games.tables.errors import TableError
from tests.support.nudges import hears_nothing, listen, next_message
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_seat_taken_nudges_the_table_and_the_lobby(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(open_table)(ana)
    table_channel = await listen(table_group(table.pk))
    lobby_channel = await listen(LOBBY_GROUP)

    await database_sync_to_async(seating.sit)(table_id=table.pk, user=bruno, position=1)

    assert await next_message(table_channel) == {
        "type": "table.changed",
        "table_id": table.pk,
        "version": 2,
    }
    assert await next_message(lobby_channel) == {"type": "lobby.changed"}


async def test_a_refusal_nudges_nobody(ana: User) -> None:
    table = await database_sync_to_async(open_table)(ana)
    table_channel = await listen(table_group(table.pk))

    with pytest.raises(TableError):
        await database_sync_to_async(seating.start_table)(table_id=table.pk, by=ana)

    assert await hears_nothing(table_channel)
