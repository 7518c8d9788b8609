"""Helpers for the live table tests: a fixed Rummy 70 deal, sockets on a table, moves sent as the
browser's forms send them."""

from typing import Any

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games.models import Action, Table, User
from tests.support.matches import start_match, version_of
from tests.support.sockets import (
    QUIET_SECONDS,
    RECEIVE_SECONDS,
    open_socket,
    receive_until,
    send_action,
)

# Two players, Bruno (engine seat 1) deals, so Ana (seat 0) plays first. Ana holds two small runs
# (27 points, far from the 70 needed to open); the stock starts 4B 5B 6B 7B 8O.
RUMMY_DEAL = {
    "seed": "fixed-deal",
    "dealer": 1,
    "hands": {
        "0": "5O 6O 7O 2C 3C 4C 9E 9B KB QE JC 3O 8B 10C",
        "1": "AO AC AE 2O 2E 2B 4O 4E 6C 6E 8C 8E 10O 10E",
    },
    "stock": "4B 5B 6B 7B 8O",
}
ANA_RUNS = "5O#4 6O#5 7O#6|2C#14 3C#15 4C#16"
FIRST_DRAW = "4B#42"

current_version = database_sync_to_async(version_of)


def rummy_table(first: User, second: User) -> Table:
    """A two-seat Rummy 70 match dealt ``RUMMY_DEAL``: ``first`` holds Ana's hand and is on turn."""
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        return start_match([first, second], seat_count=2)


async def table_socket(
    table: Table, user: User | None = None, *, language: str = "en", visit: str | None = None
) -> WebsocketCommunicator:
    """A socket on ``table`` that has read its first, whole frame."""
    communicator, connected = await open_socket(
        f"/ws/tables/{table.pk}/", user=user, language=language, visit=visit
    )
    assert connected
    await receive_until(communicator, 'id="table-version"')
    return communicator


async def send_move(communicator: WebsocketCommunicator, table: Table, **fields: Any) -> None:
    """Send a move form made on the table's current version (``version=`` overrides it)."""
    version = fields.pop("version", None)
    if version is None:
        version = await current_version(table)
    await send_action(
        communicator, action="move", table=str(table.pk), version=str(version), **fields
    )


async def close_all(*communicators: WebsocketCommunicator) -> None:
    for communicator in communicators:
        await communicator.disconnect()


def move_count(table: Table) -> int:
    """How many moves the table's matches have logged."""
    return Action.objects.filter(game__table=table).count()


async def everything_until_quiet(tab: WebsocketCommunicator, text: str) -> str:
    """All a socket receives until a frame holds ``text`` and nothing more comes for a moment."""
    frames = [await tab.receive_from(timeout=RECEIVE_SECONDS)]
    while text not in "".join(frames) or not await tab.receive_nothing(timeout=QUIET_SECONDS):
        frames.append(await tab.receive_from(timeout=RECEIVE_SECONDS))
    return "".join(frames)
