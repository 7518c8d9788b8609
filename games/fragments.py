"""The HTML pieces the sockets send. Each has an id and ``hx-swap-oob``, so the htmx ws extension
swaps it in place of the element with the same id."""

from collections.abc import Iterable

from django.template.loader import render_to_string
from django.utils.functional import Promise
from django.utils.safestring import mark_safe

from games.html_parts import split_parts
from games.models import ChatMessage, Table
from games.screens import SCREENS
from games.selectors import LiveTable, Viewer
from games.table_log import table_log_part
from games.turn_clock import turn_clock_part

GAME_AREA = "game-area"
VERSION = "table-version"


def live_parts(live: LiveTable) -> tuple[dict[str, str], tuple[str, ...]]:
    """Every part of the table page for this viewer, by id: the version, the seats, the game
    screen's parts, the two chats and the finished hands; and the ids of the screen's parts."""
    context = {"view": live.view, "live": live}
    parts = {
        VERSION: render_to_string("tables/_version.html", context),
        "seats": render_to_string("tables/_seats.html", context),
    }
    parts["turn-clock"] = turn_clock_part(live)
    screen = game_parts(live)
    parts.update(screen)
    for room in ChatMessage.Room.values:
        room_context = {
            **context,
            "room": room,
            "messages": live.chats[room],
            "can_write": live.write_room == room,
        }
        parts[f"chat-{room}"] = render_to_string("tables/_chat.html", room_context)
        parts[f"chat-{room}-form"] = render_to_string("tables/_chat_form.html", room_context)
    parts["table-log"] = table_log_part(table_id=live.view.table.pk)
    parts["table-hands"] = render_to_string("tables/_hands.html", context)
    return parts, tuple(screen)


def game_parts(live: LiveTable) -> dict[str, str]:
    """The game screen's parts for this viewer (none before the first match starts)."""
    if live.game is None or live.game_view is None:
        return {}
    screen = SCREENS[live.game.game]
    context = screen.context(live.game_view, players=live.players, viewer_seat=live.role.seat)
    context.update(
        table_id=live.view.table.pk,
        version=live.view.table.version,
        next_hand_at=live.next_hand_at,
        rematch_accepted=[
            seat
            for seat, player in enumerate(live.game.players)
            if player["user"] in live.game.rematch
        ],
        viewer_role=str(live.role.role),
        ready_seats=list(live.game.ready),
    )
    rendered = render_to_string(screen.TEMPLATE, context)
    # Cut from the rendered (already escaped) template: each piece is as safe as the whole.
    return {part_id: mark_safe(html) for part_id, html in split_parts(rendered).items()}


def game_area(part_ids: Iterable[str]) -> str:
    """The game area with an empty element for each of the screen's parts, to land in."""
    return render_to_string("tables/_game_area.html", {"part_ids": list(part_ids)})


def table_message(message: str | Promise = "") -> str:
    return render_to_string("tables/_message.html", {"message": message})


def lobby_fragment(tables: Iterable[Table], *, viewer: Viewer) -> str:
    return render_to_string("lobby/_tables.html", {"tables": tables, "user": viewer})
