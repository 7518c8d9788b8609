"""The table's log: lines the table writes itself (a turn played for a player whose time ran out,
a player sat out or back, the table closed), shown to everyone as the part ``#table-log``."""

from games.models import Table, TableNote

SHOWN_NOTES = 8


def write_note(*, table: Table, kind: str, name: str = "") -> TableNote:
    """Append a line; the caller's transaction carries it (and the nudge) to every socket."""
    return TableNote.objects.create(table=table, kind=kind, name=name[:40])
