"""Pages of the lobby and the tables. Sitting, standing and starting go over the table's socket."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.errors import TableError
from games.forms import TableForm
from games.selectors import lobby_tables, table_by_invite, table_for_viewer
from games.services import create_table
from games.table_access import grant_table_access, granted_table_ids


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "lobby/lobby.html", {"tables": lobby_tables(viewer=request.user)})


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            table = create_table(host=request.user, **form.table_arguments())
        except TableError as error:
            form.add_error(None, error.message)
        else:
            private = table.is_private
            return redirect(table.get_invite_url() if private else table.get_absolute_url())
    return render(request, "tables/new.html", {"form": form})


@require_GET
def table_detail(request: HttpRequest, table_id: int) -> HttpResponse:
    return _table_page(request, table_id)


@require_GET
def table_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: it opens the table, private or not, and lets this session back in."""
    table = table_by_invite(token=token)
    if table is None:
        raise Http404
    grant_table_access(session=request.session, table_id=table.pk)
    return _table_page(request, table.pk)


def _table_page(request: HttpRequest, table_id: int) -> HttpResponse:
    view = table_for_viewer(
        table_id=table_id,
        viewer=request.user,
        granted_table_ids=granted_table_ids(session=request.session),
    )
    if view is None:
        raise Http404
    invite_url = request.build_absolute_uri(view.table.get_invite_url())
    return render(request, "tables/table.html", {"view": view, "invite_url": invite_url})
