"""Nudges sent to the sockets after a commit. A nudge names a version (or a chat line's id), never
carries state: each socket reloads the table from the database and renders what its viewer may see.

The lobby hears only of changes its list shows (docs/live-tables.md, "What reaches the lobby"):
every lobby socket re-renders the whole list on each nudge, so a move inside a running match,
which the list does not show, must not reach it."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def announce_table_changed(*, table_id: int, version: int, lobby: bool) -> None:
    """Once the current transaction commits, tell the table's sockets that it is at ``version``,
    and the lobby's too when ``lobby``: the change shows in the lobby's list (a table opened,
    closed or finished, a seat taken or freed, a match started)."""
    transaction.on_commit(lambda: _send(table_id=table_id, version=version, lobby=lobby))


def _send(*, table_id: int, version: int, lobby: bool) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    nudge = {"type": "table.changed", "table_id": table_id, "version": version}
    async_to_sync(layer.group_send)(table_group(table_id), nudge)
    if lobby:
        async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})


def announce_chat(*, table_id: int, message_id: int) -> None:
    """Once the current transaction commits, tell the table's sockets that a chat has the new line
    ``message_id``: its id only, never its text (each socket reads the line from the database, for
    its own viewer, and knows from the id whether the chats it holds are fresh)."""
    transaction.on_commit(lambda: _send_chat(table_id=table_id, message_id=message_id))


def _send_chat(*, table_id: int, message_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    nudge = {"type": "table.chat", "message_id": message_id}
    async_to_sync(layer.group_send)(table_group(table_id), nudge)
