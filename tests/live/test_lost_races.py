"""A move that lost a race is no refusal: when a player's move was made on a view the table has
since left (another move came first), the move is not made, and his socket is sent the table as it
is now at once, with a short note instead of an error; the next move that goes through clears the
note."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.models import Table, User
from games.tables import broadcasts, play
from tests.support.live import (
    FIRST_DRAW,
    close_all,
    current_version,
    everything_until_quiet,
    move_count,
    rummy_table,
    send_move,
)
from tests.support.live import table_socket as open_table_socket
from tests.support.sockets import QUIET_SECONDS

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]

NOTE = "Another move came first: here is the table now."
REFUSED = "The table changed before your move"


async def socket_left_behind(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> tuple[Table, WebsocketCommunicator, int]:
    """Ana's socket shows version ``seen``; then Ana draws from another device, and the nudge of
    that move never reaches the socket (the channel layer lost it): the socket is behind."""
    table = await database_sync_to_async(rummy_table)(ana, bruno)
    tab = await open_table_socket(table, ana)
    seen = await current_version(table)
    monkeypatch.setattr(broadcasts, "nudge_group", lambda group, message: False)
    await database_sync_to_async(play.play)(
        table_id=table.pk, user=ana, version=seen, fields={"move": "draw"}
    )
    assert await tab.receive_nothing(timeout=QUIET_SECONDS)
    return table, tab, seen


async def test_a_move_made_on_a_view_the_table_has_left_brings_the_table_now_with_a_note(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, tab, seen = await socket_left_behind(ana, bruno, monkeypatch)

    await send_move(tab, table, move="draw", version=seen)
    answer = await everything_until_quiet(tab, NOTE)

    assert f'data-version="{seen + 1}"' in answer, "the table as it is now"
    assert FIRST_DRAW in answer, "his hand with the card his other device drew"
    assert 'class="table-message table-note"' in answer
    assert REFUSED not in answer
    assert await current_version(table) == seen + 1, "the late move was not made"
    assert await database_sync_to_async(move_count)(table) == 1
    await close_all(tab)


async def test_the_next_move_that_goes_through_clears_the_note(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, tab, seen = await socket_left_behind(ana, bruno, monkeypatch)
    await send_move(tab, table, move="draw", version=seen)
    await everything_until_quiet(tab, NOTE)

    await send_move(tab, table, move="discard", card=FIRST_DRAW, version=seen + 1)
    answer = await everything_until_quiet(tab, f'data-version="{seen + 2}"')

    assert '<div id="table-message" class="table-message" ' in answer
    assert NOTE not in answer
    await close_all(tab)
