"""The table row as the unit of change: lock it, and move it to its next version.

Every service that changes what a table shows locks the row first and ends with
:func:`bump_version`, which plans the table's clocks and bots and, once the transaction commits,
nudges the table's sockets and the lobby."""

from django.utils.translation import gettext_lazy as _

from games.broadcasts import announce_table_changed
from games.errors import TableError
from games.models import Table
from games.schedule import plan_table


def find_locked_table(table_id: int) -> Table | None:
    """The table's row, locked until the transaction ends; ``None`` when there is none."""
    return Table.objects.select_for_update().filter(pk=table_id).first()


def lock_table(table_id: int) -> Table:
    """The table's row, locked until the transaction ends; a refusal when there is none."""
    table = find_locked_table(table_id)
    if table is None:
        raise TableError(_("This table does not exist."))
    return table


def bump_version(table: Table) -> Table:
    table.version += 1
    table.save(update_fields=["status", "version", "updated_at"])
    plan_table(table=table)
    announce_table_changed(table_id=table.pk, version=table.version)
    return table
