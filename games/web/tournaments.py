"""Pages and forms of the tournaments: create one, its page (the live standings), its invite link,
and the posts that register, unregister, add bots, start and cancel. A refusal comes back as a
message on the tournament's page."""

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.live.rate_limits import TOO_MANY_REQUESTS, client_address, refusal
from games.live.tournament_frames import standings_frame
from games.models import Tournament
from games.tables.access import grant_tournament_access, granted_tournament_ids
from games.tables.errors import TableError
from games.tables.tournament_entries import (
    add_bots,
    cancel_tournament,
    create_tournament,
    register,
    start_tournament,
    unregister,
)
from games.tables.tournament_standings import tournament_by_invite, visible_tournament
from games.web.tournament_forms import TournamentForm, ante_games


@login_required
@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        refused = refusal("tournament-user", str(request.user.pk)) or refusal(
            "tournament-address", client_address(request.META)
        )
        if refused:
            form.add_error(None, refused)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = create_tournament(host=request.user, **form.tournament_arguments())
        except TableError as error:
            form.add_error(None, error.message)
        else:
            return redirect(
                tournament.get_invite_url()
                if tournament.is_private
                else tournament.get_absolute_url()
            )
    return render(
        request,
        "tournaments/new.html",
        {"form": form, "ante_games": " ".join(ante_games())},
        status=TOO_MANY_REQUESTS if refused else 200,
    )


@require_GET
def tournament_detail(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _tournament_page(request, tournament_id)


@require_GET
def tournament_invite(request: HttpRequest, token: str) -> HttpResponse:
    """The invite link: it opens the tournament, private or not, and lets this session back in
    (a guest who has no account yet picks a nickname here and registers)."""
    tournament = tournament_by_invite(token=token)
    if tournament is None:
        raise Http404
    grant_tournament_access(session=request.session, tournament_id=tournament.pk)
    return _tournament_page(request, tournament.pk)


def _tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    granted = granted_tournament_ids(session=request.session)
    tournament = visible_tournament(
        tournament_id=tournament_id, viewer=request.user, granted_tournament_ids=granted
    )
    if tournament is None:
        raise Http404
    frame = standings_frame(
        tournament_id=tournament_id,
        viewer=request.user,
        granted_tournament_ids=granted,
        language=get_language(),
        csrf_token=get_token(request),
        in_page=True,
    )
    if frame is None:
        raise Http404
    context = {
        "tournament": tournament,
        "frame": mark_safe(frame),  # noqa: S308
        "invite_url": request.build_absolute_uri(tournament.get_invite_url()),
    }
    return render(request, "tournaments/tournament.html", context)


def _act(
    request: HttpRequest, tournament_id: int, action: Callable[[Tournament], object]
) -> HttpResponse:
    """Run one post on a tournament this viewer may see, then back to its page; a refusal is
    shown there as a message."""
    tournament = visible_tournament(
        tournament_id=tournament_id,
        viewer=request.user,
        granted_tournament_ids=granted_tournament_ids(session=request.session),
    )
    if tournament is None:
        raise Http404
    try:
        action(tournament)
    except TableError as error:
        messages.error(request, error.message)
    return redirect(tournament.get_absolute_url())


@require_POST
def tournament_register(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, lambda t: register(tournament_id=t.pk, user=request.user))


@require_POST
def tournament_unregister(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(request, tournament_id, lambda t: unregister(tournament_id=t.pk, user=request.user))


@require_POST
def tournament_add_bots(request: HttpRequest, tournament_id: int) -> HttpResponse:
    try:
        count = int(request.POST.get("count", ""))
    except ValueError:
        count = 0
    return _act(
        request, tournament_id, lambda t: add_bots(tournament_id=t.pk, by=request.user, count=count)
    )


@require_POST
def tournament_start(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(
        request, tournament_id, lambda t: start_tournament(tournament_id=t.pk, by=request.user)
    )


@require_POST
def tournament_cancel(request: HttpRequest, tournament_id: int) -> HttpResponse:
    return _act(
        request, tournament_id, lambda t: cancel_tournament(tournament_id=t.pk, by=request.user)
    )
