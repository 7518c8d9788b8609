"""Helpers for the websocket tests: open a socket through the site's real ASGI stack (origin check,
session cookie, auth) as a given user, and read what arrives on it."""

import json
from typing import Any

from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from cardroom.asgi import application
from games.models import User

RECEIVE_SECONDS = 5
QUIET_SECONDS = 0.3


def _session_cookie(user: User | None, visit: str | None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    if visit is not None:
        assert client.get(visit).status_code == 200
    morsel = client.cookies.get(settings.SESSION_COOKIE_NAME)
    return morsel.value if morsel else ""


async def open_socket(
    path: str, *, user: User | None = None, visit: str | None = None, language: str = "en"
) -> tuple[WebsocketCommunicator, bool]:
    """Connect to ``path`` as ``user`` (anonymous when ``None``), from a session that first
    visited the page ``visit``, reading the site in ``language``. Returns the communicator and
    whether the socket was accepted."""
    session = await sync_to_async(_session_cookie)(user, visit)
    cookies = (
        f"{settings.LANGUAGE_COOKIE_NAME}={language}; {settings.SESSION_COOKIE_NAME}={session}"
    )
    headers = [(b"origin", b"http://127.0.0.1"), (b"cookie", cookies.encode())]
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _subprotocol = await communicator.connect(timeout=RECEIVE_SECONDS)
    return communicator, connected


async def receive_until(communicator: WebsocketCommunicator, text: str) -> str:
    """Read messages until one holds ``text``; fail if none does within the timeout."""
    while True:
        message = await communicator.receive_from(timeout=RECEIVE_SECONDS)
        if text in message:
            return message


async def send_action(communicator: WebsocketCommunicator, **fields: Any) -> None:
    await communicator.send_to(text_data=json.dumps(fields))
