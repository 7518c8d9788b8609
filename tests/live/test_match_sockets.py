"""A match over the table sockets: every viewer gets his own view of each move, only the parts
that changed; every refused move reaches only its sender, changes nothing, and leaves his socket
open; a reconnect gets the whole view; the table deals the next hand on time."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import override_settings

from games.engine import rummy
from games.models import Table, User
from games.tables import matches, play, seating
from tests.support.live import (
    ANA_RUNS,
    FIRST_DRAW,
    RUMMY_DEAL,
    close_all,
    current_version,
    move_count,
    send_move,
    table_socket,
)
from tests.support.matches import match_of, play_until_hands, start_match
from tests.support.sockets import QUIET_SECONDS, open_socket, receive_until
from tests.support.tables import open_table

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("fixed_rummy_deal"),
]

start = database_sync_to_async(start_match)
play_action = database_sync_to_async(play.play_action)


@pytest.fixture
def fixed_rummy_deal():
    with override_settings(CARDROOM_DEALS={"rummy70": RUMMY_DEAL}):
        yield


async def two_player_table(ana: User, bruno: User) -> Table:
    return await start([ana, bruno], seat_count=2)


async def test_a_move_reaches_each_viewer_as_his_own_view(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await two_player_table(ana, bruno)
    mover = await table_socket(table, ana)
    other = await table_socket(table, bruno)
    spectator = await table_socket(table, carmen)

    await send_move(mover, table, move="draw")
    seen_by_mover = await receive_until(mover, 'id="rummy-hand"')
    seen_by_other = await receive_until(other, 'id="table-version"')
    seen_by_spectator = await receive_until(spectator, 'id="table-version"')

    version = await current_version(table)
    for frame in (seen_by_mover, seen_by_other, seen_by_spectator):
        assert f'data-version="{version}"' in frame
    assert FIRST_DRAW in seen_by_mover
    assert FIRST_DRAW not in seen_by_other and FIRST_DRAW not in seen_by_spectator
    assert 'id="rummy-hand"' not in seen_by_other
    assert 'id="chat-players"' not in seen_by_other
    await close_all(mover, other, spectator)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "It is not your turn."), ("es", "No es tu turno.")],
)
async def test_a_move_out_of_turn_is_refused_to_its_sender_alone(
    ana: User, bruno: User, carmen: User, language: str, expected: str
) -> None:
    table = await two_player_table(ana, bruno)
    sender = await table_socket(table, bruno, language=language)
    other = await table_socket(table, ana)
    spectator = await table_socket(table, carmen)
    version = await current_version(table)

    await send_move(sender, table, move="draw")
    refusal = await receive_until(sender, 'id="table-message"')

    assert expected in refusal
    assert await other.receive_nothing(QUIET_SECONDS)
    assert await spectator.receive_nothing(QUIET_SECONDS)
    assert await current_version(table) == version
    assert await database_sync_to_async(move_count)(table) == 0
    await close_all(sender, other, spectator)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "You need 70 points to open: you have 27"),
        ("es", "Necesitas 70 puntos para abrirte: tienes 27"),
    ],
)
async def test_an_opening_under_70_is_refused_with_the_engines_message(
    ana: User, bruno: User, language: str, expected: str
) -> None:
    table = await two_player_table(ana, bruno)
    for seat_user, action in [
        (ana, rummy.Draw()),
        (ana, rummy.Discard(rummy.action_from_json({"kind": "discard", "card": FIRST_DRAW}).card)),
        (bruno, rummy.Draw()),
        (bruno, rummy.Discard(rummy.action_from_json({"kind": "discard", "card": "5B#43"}).card)),
        (ana, rummy.Draw()),
    ]:
        version = await current_version(table)
        await play_action(
            table_id=table.pk,
            user=seat_user,
            version=version,
            action=rummy.action_to_json(action),
        )
    sender = await table_socket(table, ana, language=language)
    other = await table_socket(table, bruno)
    version = await current_version(table)

    await send_move(sender, table, move="open", melds=ANA_RUNS)
    refusal = await receive_until(sender, 'id="table-message"')

    assert expected in refusal
    assert await other.receive_nothing(QUIET_SECONDS)
    assert await current_version(table) == version
    await close_all(sender, other)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "You do not hold the ace of coins."), ("es", "No tienes el as de oros.")],
)
async def test_a_refusal_names_the_card_in_words_in_the_players_language(
    ana: User, bruno: User, language: str, expected: str
) -> None:
    """Issue 12, point 6: a rule message names a card as people do, never in notation (AO)."""
    table = await two_player_table(ana, bruno)
    _game, _kind, state = await database_sync_to_async(match_of)(table)
    brunos_card = state.hands[1][0].to_json()
    assert brunos_card.startswith("AO#")
    version = await current_version(table)
    await play_action(
        table_id=table.pk, user=ana, version=version, action=rummy.action_to_json(rummy.Draw())
    )
    player = await table_socket(table, ana, language=language)

    await send_move(player, table, move="discard", card=brunos_card)
    refusal = await receive_until(player, 'id="table-message"')

    assert expected in refusal
    assert "AO" not in refusal.split('id="table-message"')[1].split("</")[0]
    await close_all(player)


async def test_refusals_reach_only_their_sender_and_change_nothing(
    ana: User, bruno: User, carmen: User, make_user, english: None
) -> None:
    diego = await database_sync_to_async(make_user)("Diego")
    elena = await database_sync_to_async(make_user)("Elena")
    table = await two_player_table(ana, bruno)
    elsewhere = await start([diego, elena], seat_count=2)
    game, _kind, state = await database_sync_to_async(match_of)(table)
    brunos_card = state.hands[1][0].to_json()
    player = await table_socket(table, ana)
    other = await table_socket(table, bruno)
    spectator = await table_socket(table, carmen)
    stranger = await table_socket(table, diego)
    anonymous = await table_socket(table)
    version = await current_version(table)
    await play_action(
        table_id=table.pk, user=ana, version=version, action=rummy.action_to_json(rummy.Draw())
    )
    for communicator in (player, other, spectator, stranger, anonymous):
        await receive_until(communicator, f'data-version="{version + 1}"')
    version += 1

    cases = [
        (player, {"move": "discard", "card": brunos_card}, "You do not hold the ace of coins."),
        (player, {"move": "discard", "card": "7O#12", "version": version - 1}, "came first"),
        (player, {"move": "discard", "card": "7O#5", "seat": "1"}, "not understood"),
        (player, {"move": "teleport"}, "not understood"),
        (spectator, {"move": "draw"}, "Only the players of this match"),
        (stranger, {"move": "draw"}, "Only the players of this match"),
        (anonymous, {"move": "draw"}, "Log in or sit as a guest first"),
    ]
    everyone = [player, other, spectator, stranger, anonymous]
    for sender, fields, expected in cases:
        await send_move(sender, table, **fields)
        refusal = await receive_until(sender, 'id="table-message"')
        assert expected in refusal, (fields, refusal)
        for listener in everyone:
            if listener is not sender:
                assert await listener.receive_nothing(0.05), fields
    for raw, expected in [
        ("{not json", "could not be read"),
        (json.dumps({"action": "move", "table": str(table.pk), "move": "draw"}), "which version"),
        (json.dumps({"action": "move", "table": str(elsewhere.pk), "version": "1"}), "another"),
        (json.dumps({"action": "move", "table": str(table.pk), "pad": "x" * 5000}), "too long"),
    ]:
        await player.send_to(text_data=raw)
        assert expected in await receive_until(player, 'id="table-message"')

    assert await current_version(table) == version
    assert await database_sync_to_async(move_count)(table) == 1
    await send_move(player, table, move="discard", card=FIRST_DRAW)
    assert 'class="card face suit-B"' in await receive_until(other, 'id="rummy-piles"')
    await close_all(*everyone)


async def test_a_reconnect_gets_the_whole_view(ana: User, bruno: User) -> None:
    table = await two_player_table(ana, bruno)
    first = await table_socket(table, ana)
    await first.disconnect()
    version = await current_version(table)
    await play_action(
        table_id=table.pk, user=ana, version=version, action=rummy.action_to_json(rummy.Draw())
    )

    again, _connected = await table_socket_frame(table, ana)

    assert 'id="game-area"' in again
    for part in ("rummy-players", "rummy-hand", "rummy-controls", "seats", "chat-players"):
        assert f'id="{part}"' in again
    assert FIRST_DRAW in again
    assert f'data-version="{version + 1}"' in again


async def table_socket_frame(table: Table, user: User) -> tuple[str, bool]:
    communicator, connected = await open_socket(f"/ws/tables/{table.pk}/", user=user)
    frame = await communicator.receive_from()
    await communicator.disconnect()
    return frame, connected


async def test_the_table_deals_the_next_hand_when_its_time_comes(
    ana: User, bruno: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(matches, "NEXT_HAND_SECONDS", 1)
    table = await start([ana, bruno], seat_count=2)
    watcher = await table_socket(table, ana)

    await database_sync_to_async(play_until_hands)(table, 1)
    dealt = await receive_until(watcher, "Hand 2")

    game, kind, state = await database_sync_to_async(match_of)(table)
    last = await database_sync_to_async(lambda: game.actions.order_by("-seq").first())()
    assert kind.hand_no(state) == 2
    assert (last.seat, last.action) == (None, {"kind": "next_hand"})
    assert 'id="rummy-hand"' in dealt
    await watcher.disconnect()


async def test_a_socket_open_before_the_start_gets_the_game_area_then_its_parts(
    ana: User, bruno: User
) -> None:
    table = await database_sync_to_async(open_table)(ana, seat_count=2)
    await database_sync_to_async(seating.sit)(table_id=table.pk, user=bruno, position=1)
    watcher = await table_socket(table, bruno)

    await database_sync_to_async(seating.start_table)(table_id=table.pk, by=ana)
    started = await receive_until(watcher, 'id="game-area"')

    area_end = started.index("</section>", started.index('id="game-area"'))
    assert '<div id="rummy-hand"></div>' in started[:area_end]
    assert started.index('<section id="rummy-hand"') > area_end
    await watcher.disconnect()


async def test_a_move_that_goes_through_clears_the_refusal_shown_before(
    ana: User, bruno: User, english: None
) -> None:
    table = await two_player_table(ana, bruno)
    player = await table_socket(table, ana)

    await send_move(player, table, move="teleport")
    assert "not understood" in await receive_until(player, 'id="table-message"')
    await send_move(player, table, move="draw")
    cleared = await receive_until(player, 'id="table-message"')

    assert 'hx-swap-oob="true"></div>' in cleared
    assert "not understood" not in cleared
    await close_all(player)
