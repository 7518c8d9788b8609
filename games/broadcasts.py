"""Nudges sent to the sockets after a commit. A nudge names a version, never carries state: each
socket reloads the table from the database and renders what its viewer may see."""

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def announce_table_changed(*, table_id: int, version: int) -> None:
    """Once the current transaction commits, tell the table's sockets and the lobby's."""
    transaction.on_commit(lambda: _send(table_id=table_id, version=version))


def _send(*, table_id: int, version: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    nudge = {"type": "table.changed", "table_id": table_id, "version": version}
    async_to_sync(layer.group_send)(table_group(table_id), nudge)
    async_to_sync(layer.group_send)(LOBBY_GROUP, {"type": "lobby.changed"})


def announce_chat(*, table_id: int) -> None:
    """Once the current transaction commits, tell the table's sockets that a chat has a new line
    (the line itself they read from the database, each for his own viewer)."""
    transaction.on_commit(lambda: _send_chat(table_id=table_id))


def _send_chat(*, table_id: int) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(table_group(table_id), {"type": "table.chat"})
