"""A server restart in the middle of a hand loses nothing: the player reconnects to the new
process, gets the whole view at the same version and plays on."""

import pytest
from channels.db import database_sync_to_async

from games.models import Action, Table, User
from tests.support.matches import match_of, start_match, user_at, version_of
from tests.support.servers import (
    daphne,
    free_port,
    open_table_socket,
    read_until,
    send_move,
    session_cookie,
)

pytestmark = pytest.mark.django_db(transaction=True)


def mover_of(table: Table) -> User:
    game, _kind, state = match_of(table)
    return user_at(game, state.turn)


async def test_a_server_restart_mid_hand_loses_nothing(ana: User, bruno: User) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    mover = await database_sync_to_async(mover_of)(table)
    session = await database_sync_to_async(session_cookie)(mover)
    version = await database_sync_to_async(version_of)(table)
    port = free_port()

    with daphne(port):
        async with open_table_socket(port, table.pk, session) as websocket:
            await read_until(websocket, 'id="rummy-hand"')
            await send_move(websocket, table.pk, version, move="draw")
            await read_until(websocket, f'data-version="{version + 1}"')
    _game, _kind, state = await database_sync_to_async(match_of)(table)
    hand = [card.to_json() for card in state.hands[state.turn]]

    with daphne(port):
        async with open_table_socket(port, table.pk, session) as websocket:
            whole = await read_until(websocket, 'id="game-area"')
            assert f'data-version="{version + 1}"' in whole
            assert all(card in whole for card in hand)
            await send_move(websocket, table.pk, version + 1, move="discard", card=hand[-1])
            await read_until(websocket, f'data-version="{version + 2}"')

    moves = await database_sync_to_async(
        lambda: list(Action.objects.filter(game__table=table).values_list("action", flat=True))
    )()
    assert moves == [{"kind": "draw"}, {"kind": "discard", "card": hand[-1]}]
