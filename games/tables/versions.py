"""The table row as the unit of change: lock it, and move it to its next version.

Every service that changes what a table shows locks the row first and ends with
:func:`bump_version`, which plans the table's clocks and bots and, once the transaction commits,
nudges the table's sockets, and the lobby's when the service says the lobby's list shows the
change."""

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.models import Table
from games.tables.broadcasts import announce_table_changed
from games.tables.errors import TableError
from games.tables.timetable import HeldMatch, plan_table


def find_locked_table(table_id: int) -> Table | None:
    """The table's row, locked until the transaction ends; ``None`` when there is none."""
    return Table.objects.select_for_update().filter(pk=table_id).first()


def lock_table(table_id: int) -> Table:
    """The table's row, locked until the transaction ends; a refusal when there is none."""
    table = find_locked_table(table_id)
    if table is None:
        raise TableError(_("This table does not exist."))
    return table


def bump_version(table: Table, *, lobby: bool, held: HeldMatch | None = None) -> Table:
    """Save ``table`` (locked by the caller, its ``status`` as the change left it) at its next
    version, plan its clocks and bots, and nudge its sockets once the transaction commits.

    ``lobby`` (required, so that no service forgets to decide): whether the lobby's list shows the
    change: a table closed or finished, a seat taken or freed, a match started. Then the lobby's
    sockets are nudged too and ``lobby_changed_at``, the embedded lobby's polling cue, moves. A
    move inside a running match is not shown there (docs/live-tables.md, "What reaches the
    lobby"). ``held``: the current match, when the service has it at hand (a move): it is planned
    and saved as held rather than read again."""
    table.version += 1
    fields = ["status", "version", "updated_at"]
    if lobby:
        table.lobby_changed_at = timezone.now()
        fields.append("lobby_changed_at")
    table.save(update_fields=fields)
    plan_table(table=table, held=held)
    announce_table_changed(table_id=table.pk, version=table.version, lobby=lobby)
    return table
