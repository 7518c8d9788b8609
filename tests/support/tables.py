"""Helpers for the table tests: open a table through the service with sensible defaults."""

from typing import Any

from games.models import Table, User
from games.tables.seating import create_table


def open_table(host: User, **overrides: Any) -> Table:
    arguments: dict[str, Any] = {
        "game": "rummy70",
        "seat_count": 4,
        "visibility": Table.Visibility.PUBLIC,
        "clock": 0,
        "options": {},
    }
    arguments.update(overrides)
    return create_table(host=host, **arguments)
