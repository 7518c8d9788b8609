"""Pages of the lobby and the tables. Sitting, standing and starting go over the table's socket."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from games.errors import TableError
from games.forms import TableForm
from games.fragments import live_parts
from games.history import hand_export, replay_steps
from games.models import Game, Hand
from games.selectors import hand_for_viewer, live_table, lobby_tables, table_by_invite
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
    live = live_table(
        table_id=table_id,
        viewer=request.user,
        granted_table_ids=granted_table_ids(session=request.session),
    )
    if live is None:
        raise Http404
    parts, screen_ids = live_parts(live)
    invite_url = request.build_absolute_uri(live.view.table.get_invite_url())
    context = {
        "view": live.view,
        "live": live,
        "parts": {part_id.replace("-", "_"): html for part_id, html in parts.items()},
        "screen": [parts[part_id] for part_id in screen_ids],
        "invite_url": invite_url,
    }
    return render(request, "tables/table.html", context)


@require_GET
def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A finished hand step by step, every hand face up (``?step=n``)."""
    hand = _hand(request, table_id, number)
    steps = replay_steps(hand)
    try:
        index = min(max(int(request.GET.get("step", "0")), 0), len(steps) - 1)
    except ValueError:
        index = 0
    names = [player["name"] for player in hand.game.players]
    step = steps[index]
    public = step.public
    stacks = [seat.get("stack") for seat in public.get("seats", [])] or [None] * len(names)
    context = {
        "hand": hand,
        "step": step,
        "steps": len(steps),
        "seats": [
            {"seat": seat, "name": names[seat], "cards": cards, "stack": stacks[seat]}
            for seat, cards in enumerate(step.hands)
        ],
        "melds": [meld["cards"] for meld in public.get("melds", [])],
        "top_discard": public.get("top_discard"),
        "pot": public.get("pot_total"),
        "actor": None if step.seat is None else names[step.seat],
        "previous": index - 1 if index > 0 else None,
        "next": index + 1 if index + 1 < len(steps) else None,
    }
    return render(request, "history/replay.html", context)


@require_GET
def hand_json(request: HttpRequest, table_id: int, number: int) -> JsonResponse:
    """A finished hand's seed, options, players and actions, for ``engine.replay``; only once its
    match is over, since the match's seed also shuffles every later hand."""
    hand = _hand(request, table_id, number)
    if hand.game.status != Game.Status.FINISHED:
        raise Http404
    return JsonResponse(hand_export(hand))


def _hand(request: HttpRequest, table_id: int, number: int) -> Hand:
    hand = hand_for_viewer(
        table_id=table_id,
        number=number,
        viewer=request.user,
        granted_table_ids=granted_table_ids(session=request.session),
    )
    if hand is None:
        raise Http404
    return hand
