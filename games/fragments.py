"""The HTML pieces the sockets send. Each has an id and ``hx-swap-oob``, so the htmx ws extension
swaps it in place of the element with the same id."""

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils.functional import Promise

from games.models import Table
from games.selectors import TableView, Viewer


def table_fragments(view: TableView) -> str:
    return render_to_string("tables/_live.html", {"view": view})


def table_message(message: str | Promise = "") -> str:
    return render_to_string("tables/_message.html", {"message": message})


def lobby_fragment(tables: Iterable[Table], *, viewer: Viewer) -> str:
    return render_to_string("lobby/_tables.html", {"tables": tables, "user": viewer})
