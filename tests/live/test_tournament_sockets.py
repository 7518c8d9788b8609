"""A tournament's page over its socket: the standings sent whole on connect and again whenever
the tournament moves (nudged through the channel layer, or found by polling in the embedded
set-up), only to those who may see it; and the lobby's list of open tournaments, live."""

import re
from collections.abc import Iterator
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games.models import Hand, Tournament, User
from games.tables import tournament_entries
from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS, open_socket, receive_until
from tests.support.tournaments import open_tournament, play_to_the_end, started_with_bots

pytestmark = pytest.mark.django_db(transaction=True)

POLL_SECONDS = 0.1
# A card's identity as the pages write it (rank and suit, a deck index) or a face-down card's.
CARD = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+|class=\"(?:[^\"]* )?card(?: [^\"]*)?\"")

create = database_sync_to_async(open_tournament)
register = database_sync_to_async(tournament_entries.register)
cancel = database_sync_to_async(tournament_entries.cancel_tournament)


@pytest.fixture
def nudged_only() -> Iterator[None]:
    """The set-up with Redis: sockets hear of changes through the channel layer and never poll."""
    with override_settings(CARDROOM_VERSION_POLL_SECONDS=None):
        yield


async def standings_socket(
    tournament: Tournament, user: User | None = None, *, visit: str | None = None
) -> tuple[WebsocketCommunicator, str]:
    communicator, connected = await open_socket(
        f"/ws/tournaments/{tournament.pk}/", user=user, visit=visit
    )
    assert connected
    return communicator, await receive_until(communicator, 'id="tournament-standings"')


def entries(frame: str) -> str:
    match = re.search(r'class="tournament-entries">.*?</ol>', frame, re.DOTALL)
    assert match, frame
    return match.group(0)


async def test_the_standings_come_on_connect_and_after_each_change(
    nudged_only: None, ana: User, bruno: User
) -> None:
    tournament = await create(ana)
    socket, first = await standings_socket(tournament, bruno)

    assert 'hx-swap-oob="true"' in first
    assert ">Ana</a>" in entries(first) and ">Bruno</a>" not in entries(first)
    assert 'id="tournament-register"' in first  # his own view: he may register

    await register(tournament_id=tournament.pk, user=bruno)
    registered = await socket.receive_from(RECEIVE_SECONDS)
    assert ">Bruno</a>" in entries(registered)
    assert 'id="tournament-unregister"' in registered
    assert "csrfmiddlewaretoken" not in registered  # its forms post through htmx with the page's

    await cancel(tournament_id=tournament.pk, by=ana)
    assert "This tournament was cancelled." in await socket.receive_from(RECEIVE_SECONDS)
    assert await socket.receive_nothing(QUIET_SECONDS)
    await socket.disconnect()


async def test_each_viewer_gets_his_own_standings(
    nudged_only: None, ana: User, bruno: User
) -> None:
    tournament = await create(ana)
    host, host_frame = await standings_socket(tournament, ana)
    watcher, watcher_frame = await standings_socket(tournament)

    assert 'id="tournament-start"' in host_frame
    assert 'id="tournament-start"' not in watcher_frame
    assert 'id="tournament-register"' not in watcher_frame
    await host.disconnect()
    await watcher.disconnect()


async def test_a_private_tournament_socket_needs_the_invite(ana: User, bruno: User) -> None:
    tournament = await create(ana, visibility="private")

    stranger, connected = await open_socket(f"/ws/tournaments/{tournament.pk}/", user=bruno)
    assert not connected
    missing, connected = await open_socket("/ws/tournaments/999999/", user=bruno)
    assert not connected

    invited, frame = await standings_socket(
        tournament, bruno, visit=f"/tournaments/invite/{tournament.invite_token}/"
    )
    assert ">Ana</a>" in entries(frame)
    await invited.disconnect()


@override_settings(CARDROOM_VERSION_POLL_SECONDS=POLL_SECONDS)
async def test_a_polling_socket_sees_a_change_made_in_another_process(
    ana: User, bruno: User
) -> None:
    tournament = await create(ana)
    socket, _first = await standings_socket(tournament)

    with mock.patch("games.tables.tournament_rounds.nudge_group"):
        await register(tournament_id=tournament.pk, user=bruno)

    assert ">Bruno</a>" in entries(await socket.receive_from(RECEIVE_SECONDS))
    await socket.disconnect()


async def test_the_lobby_shows_open_public_tournaments_live(
    nudged_only: None, ana: User, bruno: User
) -> None:
    lobby, connected = await open_socket("/ws/lobby/", user=bruno)
    assert connected
    await receive_until(lobby, 'id="lobby-tournaments"')

    public = await create(ana, name="Open cup", max_players=4)
    opened = await receive_until(lobby, "Open cup")
    assert f'data-tournament-id="{public.pk}"' in opened
    assert 'class="tournament-players">1/4<' in opened

    await register(tournament_id=public.pk, user=bruno)
    assert 'class="tournament-players">2/4<' in await receive_until(lobby, "Open cup")

    await create(ana, name="Secret cup", visibility="private")
    assert await lobby.receive_nothing(QUIET_SECONDS)  # his lobby did not change

    await cancel(tournament_id=public.pk, by=ana)
    cancelled = await receive_until(lobby, 'id="lobby-tournaments"')
    assert "Open cup" not in cancelled
    await lobby.disconnect()


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
async def test_a_bot_tournament_shows_live_to_its_end_and_never_a_card(
    nudged_only: None, ana: User, game: str
) -> None:
    tournament = await database_sync_to_async(started_with_bots)(6, game)
    socket, first = await standings_socket(tournament, ana)
    assert 'data-status="playing"' in first
    assert "Table 1" in first and "Table 2" in first
    assert ("chips" in first) == (game == "golfo")

    await database_sync_to_async(play_to_the_end)(tournament)

    frames = [first]
    while 'data-status="finished"' not in frames[-1]:
        frames.append(await socket.receive_from(RECEIVE_SECONDS))
    assert not [frame for frame in frames if CARD.search(frame)]
    end = frames[-1]
    assert 'class="tournament-winner"' in end
    places = re.findall(r'class="tournament-place" data-user-id="\d+" value="(\d+)"', end)
    assert len(places) == 6 and places[0] == "1"
    hands = await database_sync_to_async(Hand.objects.filter(table__tournament=tournament).count)()
    assert end.count('class="replay-link"') == hands > 0
    await socket.disconnect()
