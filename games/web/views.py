"""Pages of the lobby and the tables. Sitting, standing and starting go over the table's socket."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from games.kinds.registry import GAMES, game_choices, game_kind
from games.live.fragments import live_parts
from games.live.lobby_frames import game_filter, lobby_frame
from games.live.rate_limits import TOO_MANY_REQUESTS, client_address, refusal
from games.models import Hand
from games.tables.access import grant_table_access, granted_table_ids
from games.tables.errors import TableError
from games.tables.history import hand_export, hand_movers, replay_seat, replay_steps
from games.tables.seating import create_table, play_now
from games.tables.selectors import hand_for_viewer, live_table, table_by_invite, table_for_viewer
from games.web.forms import TableForm
from games.web.replay_board import board


@require_GET
def lobby(request: HttpRequest) -> HttpResponse:
    """The lobby; ``?game=`` filters its open tables by game (its socket gets the same filter)."""
    game = game_filter(request.GET.get("game"))
    frame = lobby_frame(viewer=request.user, language=get_language(), game=game)
    return render(
        request,
        "lobby/lobby.html",
        {"frame": mark_safe(frame), "game": game, "games": game_choices()},  # noqa: S308
    )


@require_GET
def rules_page(request: HttpRequest, game: str) -> HttpResponse:
    """A game's "how to play" page, with links to the other games' (public: no login, nothing
    from the database)."""
    page = GAMES[game].rules_page()
    others = [kind for kind in GAMES.values() if kind.name != game]
    return render(request, page.template, {**page.context, "other_games": others})


@require_http_methods(["GET", "POST"])
def play_now_view(request: HttpRequest, game: str) -> HttpResponse:
    """ "Play now" for ``game``: a seat at the first open table that fits, or a new one, and its
    page. Someone not signed in goes to the guest page first and comes back here; a GET (that
    coming back) shows one button that posts."""
    if game not in GAMES:
        raise Http404
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("guest"))
    if request.method == "GET":
        return render(request, "lobby/play_now.html", {"game": game, "label": GAMES[game].label})
    try:
        table = play_now(user=request.user, game=game)
    except TableError as error:
        messages.error(request, error.message)
        return redirect("lobby")
    return redirect(table.get_absolute_url())


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request: HttpRequest) -> HttpResponse:
    form = TableForm(request.POST or None)
    refused = None
    if request.method == "POST" and form.is_valid():
        refused = refusal("table-user", str(request.user.pk)) or refusal(
            "table-address", client_address(request.META)
        )
        if refused:
            form.add_error(None, refused)
    if request.method == "POST" and form.is_valid():
        try:
            table = create_table(host=request.user, **form.table_arguments())
        except TableError as error:
            form.add_error(None, error.message)
        else:
            private = table.is_private
            return redirect(table.get_invite_url() if private else table.get_absolute_url())
    status = TOO_MANY_REQUESTS if refused else 200
    return render(request, "tables/new.html", {"form": form}, status=status)


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
    if live.tournament is not None and live.tournament.follow is not None:
        # The tournament moved this player: his page is his new table's.
        return redirect("table", table_id=live.tournament.follow)
    parts, screen_ids = live_parts(live)
    # A tournament table's link invites to the tournament, which seats its players.
    invited = live.tournament.tournament if live.tournament is not None else live.view.table
    invite_url = request.build_absolute_uri(invited.get_invite_url())
    context = {
        "view": live.view,
        "live": live,
        "parts": {part_id.replace("-", "_"): html for part_id, html in parts.items()},
        "screen": [parts[part_id] for part_id in screen_ids],
        "invite_url": invite_url,
    }
    return render(request, "tables/table.html", context)


HANDS_PER_PAGE = 50


@require_GET
def hand_list(request: HttpRequest, table_id: int) -> HttpResponse:
    """Every finished hand of the table, newest first, a page at a time (``?page=n``): the
    table page lists only the newest."""
    table = table_for_viewer(
        table_id=table_id,
        viewer=request.user,
        granted_table_ids=granted_table_ids(session=request.session),
    )
    if table is None:
        raise Http404
    hands = table.hands.select_related("game").order_by("-number")
    page = Paginator(hands, HANDS_PER_PAGE).get_page(request.GET.get("page"))
    context = {"table": table, "page": page, "banked": game_kind(table.game).banked}
    return render(request, "history/hands.html", context)


@require_GET
def hand_replay(request: HttpRequest, table_id: int, number: int) -> HttpResponse:
    """A finished hand step by step (``?step=n``) as the viewer saw it at the table."""
    hand = _hand(request, table_id, number)
    game = hand.game
    viewer = replay_seat(game, request.user)
    movers = hand_movers(hand)
    try:
        index = min(max(int(request.GET.get("step", "0")), 0), len(movers))
    except ValueError:
        index = 0
    steps = replay_steps(hand, viewer=viewer, upto=index)
    names = [player["name"] for player in game.players]
    step = steps[index]
    context = {
        "hand": hand,
        "step": step,
        "last": len(movers),
        "game": game.game,
        "board": board(
            game.game,
            step.view,
            names=names,
            viewer=viewer,
            table_id=table_id,
            in_tournament=hand.table.tournament_id is not None,
        ),
        "moves": [
            {
                "number": number,
                "actor": _("The table") if seat is None else names[seat],
                "text": steps[number].move if number <= index else "",
            }
            for number, seat in enumerate(movers, start=1)
        ],
        "previous": index - 1 if index > 0 else None,
        "next": index + 1 if index < len(movers) else None,
    }
    return render(request, "history/replay.html", context)


@require_GET
def hand_json(request: HttpRequest, table_id: int, number: int) -> JsonResponse:
    """A finished hand as the viewer saw it, step by step (no seed: nothing rebuilds a card he
    did not see)."""
    hand = _hand(request, table_id, number)
    return JsonResponse(hand_export(hand, viewer=replay_seat(hand.game, request.user)))


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
