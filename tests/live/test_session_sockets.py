"""Sockets end with the session they were opened in: a logout, a password change made elsewhere or
the account's deletion closes them (normally, not as a server error), and a command sent on such a
socket is refused even when the message that should have closed it was lost: no move is played,
no chat line is stored, no match is started."""

from collections.abc import Callable
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.db import connection
from django.test import Client

from cardroom.asgi import application
from games.live import consumers, session_sockets
from games.models import Action, ChatMessage, Table, User
from games.tables import snapshot_moves
from tests.support.live import FIRST_DRAW, current_version, rummy_table, send_move
from tests.support.sockets import RECEIVE_SECONDS, receive_until, send_action
from tests.support.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)

NORMAL_CLOSE = 1000
PASSWORD = "an old pass phrase 1967"
NEW_PASSWORD = "a brand new pass phrase 2024"


def signed_in(user: User) -> Client:
    """A browser of its own (a session of its own) where ``user`` logged in with his password."""
    client = Client()
    answer = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert answer.status_code == 302
    return client


@pytest.fixture
def with_password(db: None) -> Callable[[User], User]:
    def give(user: User) -> User:
        user.set_password(PASSWORD)
        user.save()
        return user

    return give


async def socket_in(client: Client, path: str) -> WebsocketCommunicator:
    """A socket opened from ``client``'s browser: its session cookie, the site's origin."""
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    cookies = f"{settings.LANGUAGE_COOKIE_NAME}=en; {settings.SESSION_COOKIE_NAME}={session}"
    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", cookies.encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _subprotocol = await communicator.connect(timeout=RECEIVE_SECONDS)
    assert connected
    await communicator.receive_from(timeout=RECEIVE_SECONDS)  # the first, whole view
    return communicator


async def table_socket_in(client: Client, table: Table) -> WebsocketCommunicator:
    return await socket_in(client, f"/ws/tables/{table.pk}/")


async def close_code(communicator: WebsocketCommunicator) -> int:
    """Read what the socket sends until it closes; the close code."""
    while True:
        output = await communicator.receive_output(timeout=RECEIVE_SECONDS)
        if output["type"] == "websocket.close":
            return int(output.get("code", NORMAL_CLOSE))


async def stays_open(communicator: WebsocketCommunicator) -> bool:
    """Whether the socket is still open: it answers a message meant for another table with a
    refusal."""
    await send_action(communicator, action="chat", table="0", room="players", text="x")
    return "another table" in await receive_until(communicator, 'id="table-message"')


def log_out(client: Client) -> None:
    assert client.post("/accounts/logout/").status_code == 302


def change_password(client: Client) -> None:
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    )
    assert response.status_code == 302


def write_in_session(client: Client) -> None:
    """Store something more in the browser's session, as a page may."""
    session = client.session
    session["visited"] = "lobby"
    session.save()


@pytest.fixture
def lost_session_messages(monkeypatch: pytest.MonkeyPatch) -> None:
    """The channel layer drops every message to a user's sockets (the group ``user-<id>``)."""
    layer = get_channel_layer()
    real = layer.group_send

    async def group_send(group: str, message: dict[str, object]) -> None:
        if not group.startswith("user-"):
            await real(group, message)

    monkeypatch.setattr(layer, "group_send", group_send)


def stored(table: Table) -> tuple[int, int, str]:
    table.refresh_from_db()
    moves = Action.objects.filter(game__table=table).count()
    return moves, ChatMessage.objects.filter(table=table).count(), table.status


async def test_logging_out_closes_that_sessions_sockets_and_no_other(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    laptop = await sync_to_async(signed_in)(ana)
    phone = await sync_to_async(signed_in)(ana)
    at_table = await table_socket_in(laptop, table)
    in_lobby = await socket_in(laptop, "/ws/lobby/")
    on_phone = await table_socket_in(phone, table)

    await sync_to_async(log_out)(laptop)

    assert await close_code(at_table) == NORMAL_CLOSE
    assert await close_code(in_lobby) == NORMAL_CLOSE
    assert await stays_open(on_phone), "the phone's session was not logged out"
    await on_phone.disconnect()


async def test_a_password_change_closes_the_sockets_opened_before_it(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    stolen = await sync_to_async(signed_in)(ana)
    own = await sync_to_async(signed_in)(ana)
    thief = await table_socket_in(stolen, table)
    mine = await table_socket_in(own, table)

    await sync_to_async(change_password)(own)

    assert await close_code(thief) == NORMAL_CLOSE
    # Django gives the session that changed the password a new key: its page's socket closes too,
    # and the page opened again is signed in.
    assert await close_code(mine) == NORMAL_CLOSE
    again = await table_socket_in(own, table)
    assert await stays_open(again), "the session that changed the password stays signed in"
    await again.disconnect()


async def test_deleting_the_account_closes_its_sockets(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(open_table)(bruno)
    laptop = await sync_to_async(signed_in)(ana)
    at_table = await table_socket_in(laptop, table)
    in_lobby = await socket_in(laptop, "/ws/lobby/")

    await database_sync_to_async(ana.delete)()

    assert await close_code(at_table) == NORMAL_CLOSE
    assert await close_code(in_lobby) == NORMAL_CLOSE


@pytest.mark.usefixtures("lost_session_messages")
@pytest.mark.parametrize("how", ["logout", "password"])
async def test_a_command_on_a_socket_whose_session_ended_is_refused_and_closes_it(
    ana: User, bruno: User, with_password: Callable[[User], User], how: str
) -> None:
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    stolen = await sync_to_async(signed_in)(ana)
    socket = await table_socket_in(stolen, table)
    if how == "logout":
        await sync_to_async(log_out)(stolen)
    else:  # made in another browser
        await sync_to_async(change_password)(await sync_to_async(signed_in)(ana))
    before = await database_sync_to_async(stored)(table)

    await send_move(socket, table, move="draw")

    assert await close_code(socket) == NORMAL_CLOSE
    assert await database_sync_to_async(stored)(table) == before


@pytest.mark.usefixtures("lost_session_messages")
async def test_a_command_on_a_socket_of_a_deleted_account_is_refused_and_closes_it(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    await database_sync_to_async(with_password)(bruno)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    laptop = await sync_to_async(signed_in)(bruno)
    socket = await table_socket_in(laptop, table)
    await database_sync_to_async(bruno.delete)()
    before = await database_sync_to_async(stored)(table)

    await send_action(socket, action="chat", table=str(table.pk), room="players", text="still me")

    assert await close_code(socket) == NORMAL_CLOSE
    assert await database_sync_to_async(stored)(table) == before


@pytest.mark.usefixtures("lost_session_messages")
async def test_no_chat_line_nor_match_start_from_a_socket_whose_session_ended(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(open_table)(ana, seat_count=2)
    laptop = await sync_to_async(signed_in)(ana)
    chat_socket = await table_socket_in(laptop, table)
    start_socket = await table_socket_in(laptop, table)
    await send_action(start_socket, action="bots", table=str(table.pk))
    await receive_until(start_socket, "Bot 1")
    await sync_to_async(log_out)(laptop)
    before = await database_sync_to_async(stored)(table)

    await send_action(chat_socket, action="chat", table=str(table.pk), room="players", text="hi")
    await send_action(start_socket, action="start", table=str(table.pk))

    assert await close_code(chat_socket) == NORMAL_CLOSE
    assert await close_code(start_socket) == NORMAL_CLOSE
    assert await database_sync_to_async(stored)(table) == before
    assert before[2] == Table.Status.WAITING


async def drawn_on(browser: Client, table: Table) -> WebsocketCommunicator:
    """A socket of ``browser`` at ``table`` through which Ana, on turn, has drawn: its session
    was checked, and its next move carries that check's seal."""
    socket = await table_socket_in(browser, table)
    await send_move(socket, table, move="draw")
    await receive_until(socket, FIRST_DRAW)
    return socket


@pytest.mark.usefixtures("lost_session_messages")
@pytest.mark.parametrize("how", ["logout", "password"])
async def test_a_move_after_a_move_is_refused_once_the_session_ended_between_them(
    ana: User, bruno: User, with_password: Callable[[User], User], how: str
) -> None:
    """A socket's move carries what the last check of its session found, instead of a query of
    its own (on PostgreSQL): a session that ended since is caught all the same."""
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    stolen = await sync_to_async(signed_in)(ana)
    socket = await drawn_on(stolen, table)
    if how == "logout":
        await sync_to_async(log_out)(stolen)
    else:  # made in another browser
        await sync_to_async(change_password)(await sync_to_async(signed_in)(ana))
    before = await database_sync_to_async(stored)(table)

    await send_move(socket, table, move="discard", card=FIRST_DRAW)

    assert await close_code(socket) == NORMAL_CLOSE
    assert await database_sync_to_async(stored)(table) == before


async def test_a_move_after_a_move_is_made_when_the_session_was_only_written_between_them(
    ana: User, bruno: User, with_password: Callable[[User], User]
) -> None:
    """Another page of the same browser stored something more in the session: it still signs
    Ana in, so her next move is made."""
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    browser = await sync_to_async(signed_in)(ana)
    socket = await drawn_on(browser, table)
    await sync_to_async(write_in_session)(browser)
    version = await current_version(table)

    await send_move(socket, table, move="discard", card=FIRST_DRAW)

    await receive_until(socket, f'data-version="{version + 1}"')
    assert await database_sync_to_async(stored)(table) == (2, 0, Table.Status.PLAYING)
    await socket.disconnect()


@pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="only PostgreSQL checks the seal in the move's statement",
)
async def test_the_first_move_of_a_socket_carries_the_seal_of_the_check_made_when_it_opened(
    ana: User, bruno: User, with_password: Callable[[User], User], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The socket checked Ana's session once its first frame was out: her first move is written
    under that check's seal, with no check of its own before it."""
    await database_sync_to_async(with_password)(ana)
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    steps: list[str] = []

    def step(name: str, real: Callable[..., Any]) -> Callable[..., Any]:
        def recorded(*args: Any, **kwargs: Any) -> Any:
            steps.append(name)
            return real(*args, **kwargs)

        return recorded

    monkeypatch.setattr(
        session_sockets, "sealed_session", step("check", session_sockets.sealed_session)
    )
    monkeypatch.setattr(
        consumers, "parse_table_command", step("read", consumers.parse_table_command)
    )
    monkeypatch.setattr(snapshot_moves, "_write", step("write", snapshot_moves._write))
    socket = await table_socket_in(await sync_to_async(signed_in)(ana), table)
    version = await current_version(table)

    await send_move(socket, table, move="draw")

    await receive_until(socket, FIRST_DRAW)
    assert steps == ["check", "read", "write"]
    assert await current_version(table) == version + 1
    await socket.disconnect()
