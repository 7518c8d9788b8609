"""The lobby re-renders only when its list changes: a table opened, a seat taken, a match started
or ended. The moves in between reach the table's sockets and never the lobby's, whether the lobby
is nudged through the channel layer or polls the database (embedded set-up). A chat nudge names the
new line's id and never carries its text."""

import re
from collections.abc import Iterator
from datetime import timedelta
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings
from django.utils import timezone

from games.models import ChatMessage, Game, Table, User
from games.tables import seating
from games.tables.broadcasts import LOBBY_GROUP, table_group
from games.tables.chat import post_message
from games.tables.selectors import last_table_change
from games.timed import housekeeping
from tests.support.live import close_all, table_socket
from tests.support.matches import bot_move, match_of, play_until_hands, start_match
from tests.support.nudges import hears_nothing, listen, next_message
from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS, open_socket, receive_until
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

# A two-player Rummy 70 match that the engine's bots play to its end in a few hundred moves.
SHORT_MATCH = {"rummy70": {"seed": "bots-10"}}
POLL_SECONDS = 0.1

create = database_sync_to_async(open_table)
sit = database_sync_to_async(seating.sit)
start = database_sync_to_async(seating.start_table)


@pytest.fixture
def nudged_only() -> Iterator[None]:
    """The set-up with Redis: sockets hear of changes through the channel layer and never poll."""
    with override_settings(CARDROOM_VERSION_POLL_SECONDS=None):
        yield


def in_another_process():
    """Changes made while this is active nudge nobody, as in the Celery worker's own process."""
    return mock.patch("games.tables.broadcasts._send")


def start_short_match(players: list[User]) -> Table:
    with override_settings(CARDROOM_DEALS=SHORT_MATCH):
        return start_match(players, seat_count=2)


def play_to_the_end(table: Table) -> None:
    play_until_hands(table, 100)
    game, _kind, _state = match_of(table)
    assert game.status == Game.Status.FINISHED


async def lobby_socket(user: User | None = None) -> WebsocketCommunicator:
    """A lobby socket that has read its first frame."""
    communicator, connected = await open_socket("/ws/lobby/", user=user)
    assert connected
    await receive_until(communicator, 'id="lobby-tables"')
    return communicator


def lobby_row(frame: str, table: Table) -> str:
    match = re.search(rf'data-table-id="{table.pk}">(.*?)</li>', frame, re.DOTALL)
    assert match, frame
    return match.group(1)


async def test_the_lobby_shows_a_table_opened_a_seat_taken_and_a_match_started(
    nudged_only: None, ana: User, bruno: User, carmen: User
) -> None:
    lobby = await lobby_socket(carmen)

    table = await create(ana, seat_count=2)
    opened = lobby_row(await lobby.receive_from(RECEIVE_SECONDS), table)
    await sit(table_id=table.pk, user=bruno, position=1)
    seated = lobby_row(await lobby.receive_from(RECEIVE_SECONDS), table)
    await start(table_id=table.pk, by=ana)
    started = lobby_row(await lobby.receive_from(RECEIVE_SECONDS), table)

    assert '<dd class="table-seats">1/2</dd>' in opened and "status-waiting" in opened
    assert '<dd class="table-seats">2/2</dd>' in seated and "status-waiting" in seated
    assert "status-playing" in started
    assert await lobby.receive_nothing(QUIET_SECONDS)
    await lobby.disconnect()


async def test_the_moves_of_a_running_match_reach_its_table_and_not_the_lobby(
    nudged_only: None, ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_short_match)([ana, bruno])
    lobby = await lobby_socket(carmen)
    spectator = await table_socket(table, carmen)
    lobby_channel = await listen(LOBBY_GROUP)

    assert await database_sync_to_async(bot_move)(table)

    assert 'id="table-version"' in await spectator.receive_from(RECEIVE_SECONDS)
    assert await lobby.receive_nothing(QUIET_SECONDS)
    assert await hears_nothing(lobby_channel)  # not even a message on the channel layer
    await close_all(lobby, spectator)


async def test_the_lobby_sees_a_match_end_and_nothing_of_the_moves_before_it(
    nudged_only: None, ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_short_match)([ana, bruno])
    lobby = await lobby_socket(carmen)

    await database_sync_to_async(play_to_the_end)(table)

    ended = await lobby.receive_from(RECEIVE_SECONDS)
    assert 'id="lobby-tables"' in ended
    assert f'data-table-id="{table.pk}"' not in ended  # a finished table leaves the lobby
    assert await lobby.receive_nothing(QUIET_SECONDS)  # one frame for the whole match
    await lobby.disconnect()


@override_settings(CARDROOM_VERSION_POLL_SECONDS=POLL_SECONDS)
async def test_a_polling_lobby_sees_a_match_end_made_elsewhere_and_not_its_moves(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_short_match)([ana, bruno])
    lobby = await lobby_socket(carmen)
    cue = await database_sync_to_async(last_table_change)()

    with in_another_process():
        assert await database_sync_to_async(bot_move)(table)
        assert await database_sync_to_async(last_table_change)() == cue
        assert await lobby.receive_nothing(POLL_SECONDS * 5)

        await database_sync_to_async(play_to_the_end)(table)

    ended = await receive_until(lobby, 'id="lobby-tables"')
    assert f'data-table-id="{table.pk}"' not in ended
    assert await database_sync_to_async(last_table_change)() != cue
    await lobby.disconnect()


@override_settings(CARDROOM_CLOSE_IDLE_SECONDS=60)
async def test_an_idle_table_closed_by_the_sweep_leaves_the_lobby(
    nudged_only: None, ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_short_match)([ana, bruno])
    lobby = await lobby_socket(carmen)

    later = timezone.now() + timedelta(seconds=65)
    assert await database_sync_to_async(housekeeping.close_idle_table)(table_id=table.pk, now=later)

    closed = await lobby.receive_from(RECEIVE_SECONDS)
    assert 'id="lobby-tables"' in closed and f'data-table-id="{table.pk}"' not in closed
    await lobby.disconnect()


async def test_a_chat_nudge_names_the_new_line_and_never_carries_its_text(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(start_short_match)([ana, bruno])
    table_channel = await listen(table_group(table.pk))
    lobby_channel = await listen(LOBBY_GROUP)

    await database_sync_to_async(post_message)(
        table_id=table.pk, user=ana, room=ChatMessage.Room.PLAYERS, text="a secret plan"
    )

    line = await database_sync_to_async(ChatMessage.objects.get)(table=table)
    nudge = await next_message(table_channel)
    assert nudge == {"type": "table.chat", "table_id": table.pk, "message_id": line.pk}
    assert "secret" not in repr(nudge)
    assert await hears_nothing(lobby_channel)
