"""Tables this process keeps a snapshot of, as a daphne process with a socket on them does, for
the tests of the moves made on that snapshot."""

from typing import Any

from asgiref.sync import async_to_sync

from games.models import Table, User
from games.tables.snapshots import SNAPSHOTS
from tests.support.matches import bot_fields, start_match, version_of


def players(make_user: Any, suffix: str = "") -> list[User]:
    return [make_user(name + suffix) for name in ("Ana", "Bruno", "Carmen", "Diego")]


def keep_snapshot(table: Table) -> None:
    """What a socket of the table does in its process: it holds the table at its version."""
    assert async_to_sync(SNAPSHOTS.at_least)(table.pk, version=version_of(table)) is not None


def kept_table_and_mover(make_user: Any) -> tuple[Table, User, dict[str, str]]:
    """A new Rummy 70 match whose table this process keeps at its version, the player on turn
    and the form his bot would have his browser send."""
    table = start_match(players(make_user))
    keep_snapshot(table)
    mover = bot_fields(table)
    assert mover is not None
    user, fields = mover
    return table, user, fields
