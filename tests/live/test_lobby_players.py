"""The lobby that seats you: your own tables first, marked "Volver a tu mesa" and never "Mirar";
who sits at each table; who is online now, from the sockets; filters by game; and, live, one
render of the shared list per change and language however many lobby sockets are open."""

import re
from collections.abc import Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings
from django.test.signals import template_rendered
from django.utils import translation

from games.live import lobby_frames
from games.models import Rating, Table, User
from games.tables import seating
from tests.conftest import MakeUser
from tests.support.live import close_all, table_socket
from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS, open_socket, receive_until
from tests.support.tables import open_table

create = database_sync_to_async(open_table)
page_async = database_sync_to_async(lambda *args, **kwargs: lobby_page(*args, **kwargs))
sit = database_sync_to_async(seating.sit)


def card(page: str, table: Table) -> str:
    match = re.search(rf'data-table-id="{table.pk}">(.*?)</li>', page, re.DOTALL)
    assert match, page
    return match.group(1)


def lobby_page(user: User | None = None, *, path: str = "/", language: str = "es") -> str:
    client = Client(headers={"accept-language": language})
    if user is not None:
        client.force_login(user)
    return client.get(path).content.decode()


def online_line(page: str) -> str:
    match = re.search(r'<p class="online-now">(.*?)</p>', page, re.DOTALL)
    assert match, page
    return match.group(1)


async def online_until(lobby: WebsocketCommunicator, name: str) -> str:
    """Read frames until the online line names ``name``."""
    while True:
        frame = await receive_until(lobby, 'id="lobby-online"')
        if name in online_line(frame):
            return frame


@pytest.mark.django_db
def test_your_own_table_comes_first_marked_volver_a_tu_mesa_and_never_mirar(
    ana: User, bruno: User, carmen: User
) -> None:
    playing = open_table(bruno, seat_count=2)
    seating.sit(table_id=playing.pk, user=ana, position=1)
    seating.start_table(table_id=playing.pk, by=bruno)
    open_table(carmen)

    page = lobby_page(ana)

    mine = card(page, playing)
    assert "Volver a tu mesa" in mine and "Mirar" not in mine and "Entrar" not in mine
    assert f'href="/tables/{playing.pk}/"' in mine
    assert page.index("Tus mesas") < page.index(f'data-table-id="{playing.pk}"')
    assert page.count(f'data-table-id="{playing.pk}"') == 1
    assert "Mirar" in card(lobby_page(carmen), playing)


@pytest.mark.django_db
def test_each_table_names_who_sits_there_escaped_and_the_seats_free(
    make_user: MakeUser, ana: User
) -> None:
    table = open_table(ana)
    seating.sit(table_id=table.pk, user=make_user("<b>Eve</b>"), position=2)

    shown = card(lobby_page(language="en"), table)

    assert '<dd class="table-players">Ana, &lt;b&gt;Eve&lt;/b&gt;' in shown
    assert "<b>Eve</b>" not in shown
    assert '<span class="seats-free">2 seats free</span>' in shown


def test_a_seated_player_shows_his_rating_at_that_tables_game(
    make_user: MakeUser, ana: User
) -> None:
    table = open_table(ana)
    eve = make_user("Eve")
    seating.sit(table_id=table.pk, user=eve, position=2)
    Rating.objects.create(user=eve, game=table.game, mu=30.0, sigma=5.0, ordinal=15.4, matches=2)
    Rating.objects.create(user=ana, game="golfo", mu=30.0, sigma=5.0, ordinal=9.0, matches=1)

    players = card(lobby_page(language="en"), table).split('<dd class="table-players">')[1]

    assert re.search(r'Eve <span class="[^"]*badge-rating"[^>]*>15</span>', players)
    assert "badge-rating" not in players.split(",")[0], "Ana is rated at Golfo only"


@pytest.mark.django_db
def test_the_lobby_filters_its_tables_by_game(ana: User, bruno: User) -> None:
    rummy = open_table(ana)
    golfo = open_table(bruno, game="golfo")

    only_golfo = lobby_page(path="/?game=golfo")
    everything = lobby_page(path="/?game=poker")

    assert f'data-table-id="{golfo.pk}"' in only_golfo
    assert f'data-table-id="{rummy.pk}"' not in only_golfo
    assert 'ws-connect="/ws/lobby/?game=golfo"' in only_golfo
    assert f'data-table-id="{golfo.pk}"' in everything
    assert f'data-table-id="{rummy.pk}"' in everything


@pytest.mark.django_db
def test_every_visitor_gets_a_play_now_button_per_game(ana: User) -> None:
    anonymous = lobby_page()
    signed_in = lobby_page(ana)

    assert 'href="/accounts/guest/?next=/play/rummy70/"' in anonymous
    assert "Jugar ahora: Golfo" in anonymous
    assert 'action="/play/rummy70/"' in signed_in and 'action="/play/golfo/"' in signed_in


@pytest.mark.django_db(transaction=True)
async def test_a_filtered_lobby_socket_stays_filtered_when_the_list_changes(
    ana: User, bruno: User
) -> None:
    lobby, connected = await open_socket("/ws/lobby/?game=golfo")
    assert connected
    await receive_until(lobby, 'id="lobby-tables"')

    golfo = await create(bruno, game="golfo")
    frame = await receive_until(lobby, f'data-table-id="{golfo.pk}"')
    rummy = await create(ana)
    await sit(table_id=golfo.pk, user=ana, position=1)
    frame = await receive_until(lobby, "2/4")

    assert f'data-table-id="{rummy.pk}"' not in frame
    await lobby.disconnect()


@pytest.mark.django_db(transaction=True)
async def test_who_is_online_comes_from_the_open_sockets(
    ana: User, bruno: User, carmen: User
) -> None:
    watcher, _ = await open_socket("/ws/lobby/", user=ana)
    first = await receive_until(watcher, 'id="lobby-online"')
    assert "1 player online" in online_line(first) and "Ana" in online_line(first)

    bruno_lobby, _ = await open_socket("/ws/lobby/", user=bruno)
    with_bruno = await receive_until(watcher, "Bruno")
    table = await create(carmen)
    carmen_table = await table_socket(table, carmen)
    await bruno_lobby.disconnect()
    without_bruno = await online_until(watcher, "Carmen")

    assert "Ana, Bruno" in online_line(with_bruno)
    assert "Bruno" not in online_line(without_bruno)
    assert "Carmen" in online_line(without_bruno)

    await close_all(carmen_table)
    latest = await page_async(ana, language="en")
    assert "Carmen" not in online_line(latest) and "Ana" in online_line(latest)
    await watcher.disconnect()
    assert "0 players online" in online_line(await page_async(language="en"))


@pytest.fixture
def shared_renders() -> Iterator[list[tuple[str, str]]]:
    """Every render of a shared table card: (language, table id)."""
    seen: list[tuple[str, str]] = []

    def record(sender: Any, template: Any, context: Any, **kwargs: Any) -> None:
        if template.name == "lobby/_table.html" and not context.get("mine"):
            seen.append((translation.get_language(), str(context["table"].pk)))

    lobby_frames.CARDS.clear()
    template_rendered.connect(record)
    yield seen
    template_rendered.disconnect(record)


@pytest.mark.django_db(transaction=True)
async def test_one_change_renders_the_shared_list_once_per_language_for_every_socket(
    make_user: MakeUser, ana: User, bruno: User, shared_renders: list[tuple[str, str]]
) -> None:
    first = await create(ana)
    second = await create(bruno, game="golfo")
    viewers = [await database_sync_to_async(make_user)(f"Viewer {n}") for n in range(6)]
    with override_settings(CARDROOM_VERSION_POLL_SECONDS=None):
        sockets: list[WebsocketCommunicator] = []
        for number, viewer in enumerate(viewers):
            socket, _ = await open_socket(
                "/ws/lobby/", user=viewer, language="en" if number % 2 else "es"
            )
            sockets.append(socket)
        anonymous, _ = await open_socket("/ws/lobby/")
        sockets.append(anonymous)
        for socket in sockets:
            while not await socket.receive_nothing(QUIET_SECONDS):
                await socket.receive_from(RECEIVE_SECONDS)
        shared_renders.clear()

        await sit(table_id=first.pk, user=viewers[0], position=1)
        frames = [await receive_until(socket, "2/4") for socket in sockets]

        assert sorted(shared_renders) == sorted(
            (language, str(table.pk)) for language in ("en", "es") for table in (first, second)
        )
        assert "Volver a tu mesa" in card(frames[0], first)
        assert "Back to your table" not in card(frames[1], first)
        for socket in sockets:
            await socket.disconnect()
