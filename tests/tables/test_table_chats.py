"""The players' chat and the spectators' chat: who writes and reads which, escaping, length and
rate limits, and new lines reaching each viewer live."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.models import ChatMessage, Game, User
from games.tables.chat import MAX_CHARS, RATE_MESSAGES, post_message
from games.tables.errors import TableError
from tests.support.live import close_all, table_socket
from tests.support.matches import start_match
from tests.support.sockets import QUIET_SECONDS, send_action


async def drain(communicator: WebsocketCommunicator) -> list[str]:
    """Every message the socket has received or receives within a short while."""
    frames = []
    while not await communicator.receive_nothing(QUIET_SECONDS):
        frames.append(await communicator.receive_from())
    return frames


def eliminate(game: Game, seat: int) -> None:
    """Give a Rummy 70 seat its third point, as if he had lost three hands."""
    state = dict(game.state)
    state["points"] = [
        3 if index == seat else points for index, points in enumerate(state["points"])
    ]
    Game.objects.filter(pk=game.pk).update(state=state)


@pytest.mark.django_db
def test_who_writes_in_which_chat(ana: User, bruno: User, carmen: User, english: None) -> None:
    dario = User.objects.create(username="dario", display_name="Darío")
    table = start_match([ana, bruno, carmen])
    eliminate(Game.objects.get(table=table), seat=2)

    post_message(table_id=table.pk, user=ana, room="players", text="suerte")
    post_message(table_id=table.pk, user=carmen, room="spectators", text="me aburro")
    post_message(table_id=table.pk, user=dario, room="spectators", text="hola")
    with pytest.raises(TableError, match="Only the players still in the match"):
        post_message(table_id=table.pk, user=carmen, room="players", text="ojo a Bruno")
    with pytest.raises(TableError, match="Only the players still in the match"):
        post_message(table_id=table.pk, user=dario, room="players", text="psst")
    with pytest.raises(TableError, match="cannot write in the spectators"):
        post_message(table_id=table.pk, user=bruno, room="spectators", text="¿qué veis?")

    assert list(ChatMessage.objects.values_list("room", "user__username", "text")) == [
        ("players", "ana", "suerte"),
        ("spectators", "carmen", "me aburro"),
        ("spectators", "dario", "hola"),
    ]


@pytest.mark.django_db
def test_chat_lines_are_limited_in_length_and_rate(ana: User, bruno: User, english: None) -> None:
    table = start_match([ana, bruno], seat_count=2)

    with pytest.raises(TableError, match="at most 300 characters"):
        post_message(table_id=table.pk, user=ana, room="players", text="x" * (MAX_CHARS + 1))
    with pytest.raises(TableError, match="Write something"):
        post_message(table_id=table.pk, user=ana, room="players", text="   ")
    for number in range(RATE_MESSAGES):
        post_message(table_id=table.pk, user=ana, room="players", text=f"line {number}")
    with pytest.raises(TableError, match="too fast"):
        post_message(table_id=table.pk, user=ana, room="players", text="one more")
    post_message(table_id=table.pk, user=bruno, room="players", text="my turn to talk")

    assert ChatMessage.objects.filter(user=ana).count() == RATE_MESSAGES


@pytest.mark.django_db(transaction=True)
async def test_chat_lines_reach_the_viewers_who_may_read_them_escaped(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)
    player = await table_socket(table, ana)
    other = await table_socket(table, bruno)
    spectator = await table_socket(table, carmen)

    await send_action(player, action="chat", table=str(table.pk), room="players", text="<b>hi</b>")
    seen_by_other = await other.receive_from()
    seen_by_spectator = await spectator.receive_from()
    await send_action(spectator, action="chat", table=str(table.pk), room="spectators", text="psst")
    spectators_line = await spectator.receive_from(timeout=5)
    while "psst" not in spectators_line:
        spectators_line = await spectator.receive_from(timeout=5)

    for frame in (seen_by_other, seen_by_spectator):
        assert "&lt;b&gt;hi&lt;/b&gt;" in frame and "<b>hi" not in frame
        assert 'id="table-version"' in frame and 'id="rummy-hand"' not in frame
    assert 'id="chat-spectators"' in spectators_line
    heard_by_players = await drain(player) + await drain(other)
    assert heard_by_players and not any("psst" in frame for frame in heard_by_players)
    await close_all(player, other, spectator)
