"""The table's log: lines the table writes itself (a turn played for a player whose time ran out,
a player sat out or back, the table closed), shown to everyone as the part ``#table-log``."""

from django.template.loader import render_to_string

from games.models import Table, TableNote

SHOWN_NOTES = 8


def write_note(*, table: Table, kind: str, name: str = "") -> TableNote:
    """Append a line; the caller's transaction carries it (and the nudge) to every socket."""
    return TableNote.objects.create(table=table, kind=kind, name=name[:40])


def recent_notes(*, table_id: int) -> list[TableNote]:
    latest = TableNote.objects.filter(table_id=table_id).order_by("-created_at", "-pk")
    return list(reversed(latest[:SHOWN_NOTES]))


def table_log_part(*, table_id: int) -> str:
    return render_to_string("tables/_log.html", {"notes": recent_notes(table_id=table_id)})
