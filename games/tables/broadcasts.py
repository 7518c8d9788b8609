"""Nudges sent to the sockets after a commit. A nudge names a version (or a chat line's id), never
carries state: each socket reloads the table from the database and renders what its viewer may see.

The lobby hears only of changes its list shows (docs/live-tables.md, "What reaches the lobby"):
every lobby socket re-renders the whole list on each nudge, so a move inside a running match,
which the list does not show, must not reach it.

A nudge is sent after the commit, so a channel layer that cannot take it (Redis down) must not
undo what the commit did, nor look as if it had: the failure is logged and the request or the
socket carries on. Whoever missed the nudge catches up on the next one, on reconnect, or from
the embedded set-up's poller (docs/live-tables.md)."""

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"

logger = logging.getLogger(__name__)


def table_group(table_id: int) -> str:
    return f"table-{table_id}"


def announce_table_changed(*, table_id: int, version: int, lobby: bool) -> None:
    """Once the current transaction commits, tell the table's sockets that it is at ``version``,
    and the lobby's too when ``lobby``: the change shows in the lobby's list (a table opened,
    closed or finished, a seat taken or freed, a match started)."""
    transaction.on_commit(lambda: _send(table_id=table_id, version=version, lobby=lobby))


def _send(*, table_id: int, version: int, lobby: bool) -> None:
    nudge_group(
        table_group(table_id), {"type": "table.changed", "table_id": table_id, "version": version}
    )
    if lobby:
        nudge_group(LOBBY_GROUP, {"type": "lobby.changed"})


def announce_chat(*, table_id: int, message_id: int) -> None:
    """Once the current transaction commits, tell the table's sockets that a chat has the new line
    ``message_id``: its id only, never its text (each socket reads the line from the database, for
    its own viewer, and knows from the id whether the chats it holds are fresh)."""
    transaction.on_commit(lambda: _send_chat(table_id=table_id, message_id=message_id))


def _send_chat(*, table_id: int, message_id: int) -> None:
    nudge_group(table_group(table_id), {"type": "table.chat", "message_id": message_id})


def nudge_group(group: str, message: dict[str, Any]) -> bool:
    """Send ``message`` to ``group`` from synchronous code; ``False`` (and a warning in the log)
    when the channel layer did not take it. Never raises: what the nudge announces is already
    committed."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        logger.warning(
            "Could not nudge %s with %s; it catches up on the next nudge", group, message["type"]
        )
        return False
    return True
