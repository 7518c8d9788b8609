"""The lobby and table websockets: full view on connect, live updates for everyone watching, and
refusals that reach only the socket that sent the bad message, which stays open."""

import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.live.consumers import MESSAGES_PER_WINDOW
from games.models import Table, User
from games.tables import seating
from tests.support.sockets import QUIET_SECONDS, open_socket, receive_until, send_action
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

create = database_sync_to_async(open_table)
sit = database_sync_to_async(seating.sit)


def seat_html(fragment: str, position: int) -> str:
    match = re.search(rf'data-seat="{position}">(.*?)</li>', fragment, re.DOTALL)
    assert match, fragment
    return match.group(1)


def lobby_row(fragment: str, table: Table) -> str:
    match = re.search(rf'data-table-id="{table.pk}">(.*?)</li>', fragment, re.DOTALL)
    assert match, fragment
    return match.group(1)


async def table_socket(
    table: Table, user: User | None = None, *, visit: str | None = None
) -> WebsocketCommunicator:
    communicator, connected = await open_socket(f"/ws/tables/{table.pk}/", user=user, visit=visit)
    assert connected
    await receive_until(communicator, 'id="seats"')
    return communicator


async def test_table_socket_sends_the_whole_table_on_connect(ana: User) -> None:
    table = await create(ana)

    communicator, connected = await open_socket(f"/ws/tables/{table.pk}/")
    fragment = await communicator.receive_from()

    assert connected
    assert 'data-version="1"' in fragment
    assert 'class="seat-player">Ana<' in seat_html(fragment, 0)
    assert "button" not in seat_html(fragment, 1)
    await communicator.disconnect()


async def test_a_second_connection_sees_a_seat_taken(ana: User, bruno: User) -> None:
    table = await create(ana)
    host = await table_socket(table, ana)
    player = await table_socket(table, bruno)

    await send_action(player, action="sit", seat="2", table=str(table.pk))
    seen_by_host = await receive_until(host, "Bruno")
    seen_by_player = await receive_until(player, "Bruno")

    assert 'data-version="2"' in seen_by_host
    assert 'class="seat-player">Bruno<' in seat_html(seen_by_host, 2)
    assert 'class="remove' in seat_html(seen_by_host, 2)
    assert 'class="stand"' in seat_html(seen_by_player, 2)
    assert 'class="sit"' not in seen_by_player
    assert 'id="start-table"' in seen_by_host
    assert 'id="start-table"' not in seen_by_player
    await host.disconnect()
    await player.disconnect()


async def test_host_removes_a_player_and_starts(ana: User, bruno: User, carmen: User) -> None:
    table = await create(ana)
    await sit(table_id=table.pk, user=bruno, position=1)
    await sit(table_id=table.pk, user=carmen, position=2)
    host = await table_socket(table, ana)
    removed = await table_socket(table, bruno)

    await send_action(host, action="remove", seat="1", table=str(table.pk))
    after_removal = await receive_until(removed, 'data-version="4"')
    await send_action(host, action="start", table=str(table.pk))
    after_start = await receive_until(removed, "Playing")

    assert "Bruno" not in after_removal
    assert "Free seat" in seat_html(after_removal, 1)
    assert 'class="sit"' in seat_html(after_removal, 1)
    assert 'class="sit"' not in after_start
    assert 'class="table-status status-playing"' in after_start
    await host.disconnect()
    await removed.disconnect()


async def test_lobby_socket_sees_tables_appear_fill_and_start(ana: User, bruno: User) -> None:
    lobby, connected = await open_socket("/ws/lobby/")
    assert connected
    assert 'id="lobby-tables"' in await lobby.receive_from()

    table = await create(ana)
    created = await receive_until(lobby, f'data-table-id="{table.pk}"')
    await sit(table_id=table.pk, user=bruno, position=1)
    filled = await receive_until(lobby, 'class="table-seats">2/4<')
    await database_sync_to_async(seating.start_table)(table_id=table.pk, by=ana)
    started = await receive_until(lobby, "status-playing")

    assert 'class="table-seats">1/4<' in lobby_row(created, table)
    assert 'class="table-host">Ana<' in lobby_row(created, table)
    assert 'class="table-status status-waiting">Waiting<' in lobby_row(filled, table)
    assert 'class="table-status status-playing">Playing<' in lobby_row(started, table)
    assert ">Watch<" in lobby_row(started, table)
    await lobby.disconnect()


async def test_lobby_shows_a_private_table_only_to_its_players(ana: User, bruno: User) -> None:
    host_lobby, _ = await open_socket("/ws/lobby/", user=ana)
    other_lobby, _ = await open_socket("/ws/lobby/", user=bruno)
    await host_lobby.receive_from()
    await other_lobby.receive_from()

    private = await create(ana, visibility="private")
    public = await create(ana)
    seen_by_host = await receive_until(host_lobby, f'data-table-id="{public.pk}"')
    seen_by_other = await receive_until(other_lobby, f'data-table-id="{public.pk}"')

    assert f'data-table-id="{private.pk}"' in seen_by_host
    assert "watch-link" not in lobby_row(seen_by_host, private)
    assert f'data-table-id="{private.pk}"' not in seen_by_other
    await host_lobby.disconnect()
    await other_lobby.disconnect()


async def test_private_table_socket_needs_the_invite_link(ana: User, bruno: User) -> None:
    table = await create(ana, visibility="private")

    stranger, stranger_connected = await open_socket(f"/ws/tables/{table.pk}/", user=bruno)
    guest = await table_socket(table, visit=f"/t/{table.invite_token}/")
    host = await table_socket(table, ana)

    assert not stranger_connected
    await stranger.disconnect()
    await guest.disconnect()
    await host.disconnect()


OVERSIZE = json.dumps({"action": "sit", "seat": "1", "table": "{table}", "pad": "x" * 5000})


@pytest.mark.parametrize(
    ("message", "refusal"),
    [
        ("{not json", "That message could not be read."),
        ('["sit", 1]', "That message could not be read."),
        (OVERSIZE, "That message is too long."),
        ('{"action": "deal", "table": "{table}"}', "Unknown action."),
        ('{"action": "sit", "seat": "1", "table": "999999"}', "meant for another table"),
        ('{"action": "sit", "seat": "1"}', "meant for another table"),
        (
            '{"action": "sit", "seat": "1", "table": "{table}", "user": "1"}',
            "fields the table does not accept",
        ),
        ('{"action": "sit", "seat": "one", "table": "{table}"}', "There is no such seat"),
        ('{"action": "sit", "seat": "9", "table": "{table}"}', "There is no such seat"),
        ('{"action": "sit", "seat": "0", "table": "{table}"}', "That seat is taken."),
    ],
)
async def test_bad_messages_get_a_refusal_on_that_socket_only(
    ana: User, bruno: User, message: str, refusal: str
) -> None:
    table = await create(ana)
    host = await table_socket(table, ana)
    player = await table_socket(table, bruno)

    await player.send_to(text_data=message.replace("{table}", str(table.pk)))
    answer = await player.receive_from()

    assert answer.startswith('<div id="table-message"')
    assert refusal in answer
    assert await host.receive_nothing(timeout=QUIET_SECONDS)
    await send_action(player, action="sit", seat="1", table=str(table.pk))
    assert 'class="seat-player">Bruno<' in seat_html(await receive_until(host, "Bruno"), 1)
    await host.disconnect()
    await player.disconnect()


async def test_binary_frames_are_refused_and_the_socket_stays_open(ana: User, bruno: User) -> None:
    table = await create(ana)
    player = await table_socket(table, bruno)

    await player.send_to(bytes_data=b"\x00\x01")
    refused = await player.receive_from()
    await send_action(player, action="sit", seat="1", table=str(table.pk))

    assert "The table only understands text messages." in refused
    assert "Bruno" in await receive_until(player, "Bruno")
    await player.disconnect()


async def test_a_spectator_cannot_act_for_the_players(ana: User, bruno: User, carmen: User) -> None:
    table = await create(ana)
    await sit(table_id=table.pk, user=bruno, position=1)
    host = await table_socket(table, ana)
    spectator = await table_socket(table, carmen)

    refusals = []
    for action in (
        {"action": "start"},
        {"action": "remove", "seat": "1"},
        {"action": "stand"},
    ):
        await send_action(spectator, table=str(table.pk), **action)
        refusals.append(await spectator.receive_from())

    assert "Only the host can do that." in refusals[0]
    assert "Only the host can do that." in refusals[1]
    assert "You are not sitting at this table." in refusals[2]
    assert await host.receive_nothing(timeout=QUIET_SECONDS)
    await host.disconnect()
    await spectator.disconnect()


async def test_an_anonymous_visitor_cannot_sit(ana: User) -> None:
    table = await create(ana)
    host = await table_socket(table, ana)
    visitor, _connected = await open_socket(f"/ws/tables/{table.pk}/")
    first_view = await visitor.receive_from()

    await send_action(visitor, action="sit", seat="1", table=str(table.pk))
    refusal = await visitor.receive_from()

    assert 'class="sit"' not in first_view
    assert "Log in or sit as a guest first." in refusal
    assert await host.receive_nothing(timeout=QUIET_SECONDS)
    await host.disconnect()
    await visitor.disconnect()


async def test_a_flood_of_messages_is_cut_short_on_that_socket(ana: User, bruno: User) -> None:
    table = await create(ana)
    host = await table_socket(table, ana)
    flooder = await table_socket(table, bruno)

    answers = []
    for _message in range(MESSAGES_PER_WINDOW + 1):
        await send_action(flooder, action="stand", table=str(table.pk))
        answers.append(await flooder.receive_from())

    assert all("You are not sitting at this table." in answer for answer in answers[:-1])
    assert "Too many messages at once: wait a moment." in answers[-1]
    assert await host.receive_nothing(timeout=QUIET_SECONDS)
    await host.disconnect()
    await flooder.disconnect()
