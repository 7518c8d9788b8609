"""What a table's websocket accepts: a small JSON object sent by a ``ws-send`` form.

``{"action": "sit" | "stand" | "remove" | "start" | "bots", "table": "<id>", "seat": "<n>"}``;
``{"action": "move", "table": "<id>", "version": "<v>", "move": "<kind>", ...}`` whose other fields
(strings, or lists of strings for a field sent several times) go to the game's screen;
``{"action": "chat", "table": "<id>", "room": "players" | "spectators", "text": "..."}``; each
plus the ``HEADERS`` object the htmx ws extension adds. Anything else is refused with a
:class:`~games.tables.errors.TableError` before a service is called."""

import json
import re
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from games.accounts.sessions import SessionSeal, SessionUnchecked
from games.models import Table
from games.tables import chat, play, seating
from games.tables.errors import TableError

MAX_MESSAGE_BYTES = 4096
SEAT_ACTIONS = frozenset({"sit", "remove"})
PLAIN_ACTIONS = frozenset({"stand", "start", "bots"})
ENVELOPE_FIELDS = frozenset({"action", "table", "HEADERS"})
MOVE_ENVELOPE = frozenset({"action", "table", "version", "HEADERS"})
MOVE_FIELD_NAME = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
MAX_MOVE_FIELDS = 16
MAX_FIELD_VALUES = 40
MAX_VALUE_CHARS = 200
UNREADABLE = re.compile("[\x00\ud800-\udfff]")


@dataclass(frozen=True)
class PlainCommand:
    """``stand``, ``start`` or ``bots`` (the host fills the empty seats with bots)."""

    action: str


@dataclass(frozen=True)
class SeatCommand:
    """``sit`` or ``remove``, about the seat at ``seat``."""

    action: str
    seat: int


@dataclass(frozen=True)
class MoveCommand:
    """A move of the game, made on the table as it was at ``version``."""

    version: int
    fields: dict[str, str | list[str]]


@dataclass(frozen=True)
class ChatCommand:
    room: str
    text: str


TableCommand = PlainCommand | SeatCommand | MoveCommand | ChatCommand


def parse_table_command(text: str | None, *, table_id: int) -> TableCommand:
    """Read one websocket message meant for the table ``table_id``."""
    if text is None:
        raise TableError(_("The table only understands text messages."))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE_BYTES:
        raise TableError(_("That message is too long."))
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise TableError(_("That message could not be read.")) from error
    if not isinstance(data, dict) or not _readable(data):
        raise TableError(_("That message could not be read."))
    if data.get("table") != str(table_id):
        raise TableError(_("That message was meant for another table."))
    action = data.get("action")
    if not isinstance(action, str):
        raise TableError(_("Unknown action."))
    if action == "move":
        return _move_command(data)
    if action == "chat":
        return _chat_command(data)
    if action in PLAIN_ACTIONS:
        fields = ENVELOPE_FIELDS
    elif action in SEAT_ACTIONS:
        fields = ENVELOPE_FIELDS | {"seat"}
    else:
        raise TableError(_("Unknown action."))
    if not set(data) <= fields:
        raise TableError(_("That message carries fields the table does not accept."))
    if action in PLAIN_ACTIONS:
        return PlainCommand(action)
    return SeatCommand(action, _seat_number(data.get("seat")))


def run_table_command(
    command: TableCommand, *, table_id: int, user: seating.Actor, seal: SessionSeal | None = None
) -> Table:
    """Carry out a parsed command through its service; refusals raise ``TableError``. A move may
    be sealed with the socket's session (``play.play``); another command is not to be."""
    if isinstance(command, MoveCommand):
        return play.play(
            table_id=table_id,
            user=user,
            version=command.version,
            fields=command.fields,
            seal=seal,
        )
    if seal is not None:
        raise SessionUnchecked
    if isinstance(command, ChatCommand):
        return chat.post_message(table_id=table_id, user=user, room=command.room, text=command.text)
    if isinstance(command, SeatCommand):
        if command.action == "sit":
            return seating.sit(table_id=table_id, user=user, position=command.seat)
        return seating.remove_player(table_id=table_id, by=user, position=command.seat)
    if command.action == "stand":
        return seating.stand(table_id=table_id, user=user)
    if command.action == "bots":
        return seating.fill_with_bots(table_id=table_id, by=user)
    return seating.start_table(table_id=table_id, by=user)


def _readable(data: object) -> bool:
    """Whether no string in ``data`` (keys included) holds a NUL or half of a surrogate pair: the
    JSON escapes ``\\u0000`` and ``\\ud800`` make them, and no database column stores them."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if UNREADABLE.search(item):
                return False
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return True


def _seat_number(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2:
        return int(value)
    raise TableError(_("There is no such seat at this table."))


def _move_command(data: dict[str, Any]) -> MoveCommand:
    version = data.get("version")
    if not (isinstance(version, str) and version.isascii() and version.isdigit()):
        raise TableError(_("That move does not say which version of the table it was made on."))
    fields = {key: value for key, value in data.items() if key not in MOVE_ENVELOPE}
    if len(fields) > MAX_MOVE_FIELDS or not all(MOVE_FIELD_NAME.match(key) for key in fields):
        raise TableError(_("That message carries fields the table does not accept."))
    if not isinstance(fields.get("move"), str):
        raise TableError(_("That move is not understood."))
    return MoveCommand(int(version[:12]), {key: _field_value(v) for key, v in fields.items()})


def _field_value(value: object) -> str | list[str]:
    if isinstance(value, str) and len(value) <= MAX_VALUE_CHARS:
        return value
    if (
        isinstance(value, list)
        and len(value) <= MAX_FIELD_VALUES
        and all(isinstance(item, str) and len(item) <= MAX_VALUE_CHARS for item in value)
    ):
        return list(value)
    raise TableError(_("That move is not understood."))


def _chat_command(data: dict[str, Any]) -> ChatCommand:
    if not set(data) <= ENVELOPE_FIELDS | {"room", "text"}:
        raise TableError(_("That message carries fields the table does not accept."))
    room, text = data.get("room"), data.get("text")
    if not isinstance(room, str) or not isinstance(text, str):
        raise TableError(_("That message could not be read."))
    return ChatCommand(room, text)
