"""A double click is one move: the same socket sending the same move twice, for the version it has
just played, makes the move once and hears no refusal for the repeat; any other stale move (from
another tab, or a different move from the same socket) is still not made, and its socket is told
that another move came first."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games.models import Table, User
from tests.support.live import (
    RUMMY_DEAL,
    close_all,
    current_version,
    move_count,
    send_move,
    table_socket,
)
from tests.support.matches import start_match
from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

STALE = "The table changed before your move"
LOST_RACE = "Another move came first: here is the table now."


async def ana_on_turn(ana: User, bruno: User) -> Table:
    """Two players dealt ``RUMMY_DEAL``: Ana plays first."""
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        return await database_sync_to_async(start_match)([ana, bruno], seat_count=2)


async def until_quiet(tab: WebsocketCommunicator, text: str) -> str:
    """All a socket receives until a frame holds ``text`` and nothing more comes for a moment."""
    frames = [await tab.receive_from(timeout=RECEIVE_SECONDS)]
    while text not in "".join(frames) or not await tab.receive_nothing(timeout=QUIET_SECONDS):
        frames.append(await tab.receive_from(timeout=RECEIVE_SECONDS))
    return "".join(frames)


async def test_the_same_move_sent_twice_at_once_is_one_move_and_no_refusal(
    ana: User, bruno: User
) -> None:
    table = await ana_on_turn(ana, bruno)
    tab = await table_socket(table, ana)
    version = await current_version(table)

    await send_move(tab, table, move="draw", version=version)
    await send_move(tab, table, move="draw", version=version)
    answer = await until_quiet(tab, f'value="{version + 1}"')

    assert STALE not in answer
    assert 'id="table-message"' not in answer
    assert await current_version(table) == version + 1
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab)


async def test_another_tabs_identical_stale_move_is_still_not_made(ana: User, bruno: User) -> None:
    table = await ana_on_turn(ana, bruno)
    tab_one = await table_socket(table, ana)
    tab_two = await table_socket(table, ana)
    version = await current_version(table)

    await send_move(tab_one, table, move="draw", version=version)
    await until_quiet(tab_two, f'value="{version + 1}"')
    await send_move(tab_two, table, move="draw", version=version)

    assert LOST_RACE in await until_quiet(tab_two, 'id="table-message"')
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab_one, tab_two)


async def test_a_different_stale_move_from_the_same_socket_is_still_not_made(
    ana: User, bruno: User
) -> None:
    table = await ana_on_turn(ana, bruno)
    tab = await table_socket(table, ana)
    version = await current_version(table)

    await send_move(tab, table, move="draw", version=version)
    await send_move(tab, table, move="take_discard", version=version)

    assert LOST_RACE in await until_quiet(tab, 'id="table-message"')
    assert await current_version(table) == version + 1
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab)
