"""A move made through a socket shows at once on the other sockets of its table in the same
process, each as its own viewer may see it, without waiting for the channel layer's nudge to come
back (it still goes out, for the sockets of other processes)."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.test import override_settings

from games.live.neighbours import NEIGHBOURS
from games.models import User
from tests.support.live import FIRST_DRAW, current_version, rummy_table, send_move, table_socket
from tests.support.sockets import receive_until

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def tables_not_nudged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The channel layer loses every nudge to a table's group."""
    layer = get_channel_layer()
    real = layer.group_send

    async def group_send(group: str, message: dict[str, object]) -> None:
        if not group.startswith("table-"):
            await real(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)


@pytest.mark.usefixtures("tables_not_nudged")
@override_settings(CARDROOM_VERSION_POLL_SECONDS=None)  # no poller either: only the neighbours
async def test_a_move_shows_on_the_other_sockets_of_the_process_each_as_its_viewer_sees_it(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    opponent = await table_socket(table, bruno)
    spectator = await table_socket(table)

    version = await current_version(table) + 1

    await send_move(mover, table, move="draw")

    assert FIRST_DRAW in await receive_until(mover, f'data-version="{version}"')
    for other in (opponent, spectator):
        frame = await receive_until(other, f'data-version="{version}"')
        assert FIRST_DRAW not in frame, "nobody else sees the card Ana drew"
    for socket in (mover, opponent, spectator):
        await socket.disconnect()


async def test_a_closed_socket_is_no_neighbour_of_the_next_move(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    mover = await table_socket(table, ana)
    gone = await table_socket(table, bruno)
    await gone.disconnect()
    version = await current_version(table) + 1

    await send_move(mover, table, move="draw")

    assert FIRST_DRAW in await receive_until(mover, f'data-version="{version}"')
    await mover.disconnect()
    assert not NEIGHBOURS.at(table.pk), "the process keeps no socket of the table once all closed"
