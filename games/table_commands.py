"""What a table's websocket accepts: a small JSON object sent by a ``ws-send`` form.

``{"action": "sit" | "stand" | "remove" | "start", "table": "<id>", "seat": "<n>"}``, plus the
``HEADERS`` object the htmx ws extension adds. Anything else is refused with a
:class:`~games.errors.TableError` before a service is called."""

import json
from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _

from games import services
from games.errors import TableError
from games.models import Table

MAX_MESSAGE_BYTES = 4096
SEAT_ACTIONS = frozenset({"sit", "remove"})
PLAIN_ACTIONS = frozenset({"stand", "start"})
ENVELOPE_FIELDS = frozenset({"action", "table", "HEADERS"})


@dataclass(frozen=True)
class PlainCommand:
    """``stand`` or ``start``."""

    action: str


@dataclass(frozen=True)
class SeatCommand:
    """``sit`` or ``remove``, about the seat at ``seat``."""

    action: str
    seat: int


TableCommand = PlainCommand | SeatCommand


def parse_table_command(text: str | None, *, table_id: int) -> TableCommand:
    """Read one websocket message meant for the table ``table_id``."""
    if text is None:
        raise TableError(_("The table only understands text messages."))
    if len(text.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise TableError(_("That message is too long."))
    try:
        data = json.loads(text)
    except ValueError as error:
        raise TableError(_("That message could not be read.")) from error
    if not isinstance(data, dict):
        raise TableError(_("That message could not be read."))
    if data.get("table") != str(table_id):
        raise TableError(_("That message was meant for another table."))
    action = data.get("action")
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


def run_table_command(command: TableCommand, *, table_id: int, user: services.Actor) -> Table:
    """Carry out a parsed command through its service; refusals raise ``TableError``."""
    if isinstance(command, SeatCommand):
        if command.action == "sit":
            return services.sit(table_id=table_id, user=user, position=command.seat)
        return services.remove_player(table_id=table_id, by=user, position=command.seat)
    if command.action == "stand":
        return services.stand(table_id=table_id, user=user)
    return services.start_table(table_id=table_id, by=user)


def _seat_number(value: object) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 100:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 2:
        return int(value)
    raise TableError(_("There is no such seat at this table."))
