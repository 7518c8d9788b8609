"""The HTML pieces the sockets send. Each has an id and ``hx-swap-oob``, so the htmx ws extension
swaps it in place of the element with the same id.

Every part of a table's page is a ``Part``: a template and the plain data it shows
(``games.part_cache``), so what two viewers are shown alike is rendered once."""

from collections.abc import Iterable
from typing import Any

from django.template.loader import render_to_string
from django.utils.functional import Promise

from games.models import ChatMessage, Table
from games.part_cache import render_part
from games.screens import SCREENS, Part, TableFacts
from games.selectors import LiveTable, SeatView, Viewer
from games.turn_clock import turn_clock_part

GAME_AREA = "game-area"
VERSION = "table-version"


def page_parts(live: LiveTable) -> tuple[dict[str, Part], tuple[str, ...]]:
    """Every part of the table page for this viewer, by id, in page order: the version, the
    seats, the turn clock, the game screen's parts, the two chats, the log and the finished
    hands; and the ids of the screen's parts."""
    parts = {
        VERSION: Part("tables/_version.html", {"version": live.view.table.version}),
        "seats": seats_part(live),
        "turn-clock": turn_clock_part(live),
    }
    screen = screen_parts(live)
    parts.update(screen)
    for room in ChatMessage.Room.values:
        lines = live.chats[room]
        messages = None if lines is None else [[line.author, line.text] for line in lines]
        parts[f"chat-{room}"] = Part("tables/_chat.html", {"room": room, "messages": messages})
        parts[f"chat-{room}-form"] = Part(
            "tables/_chat_form.html",
            {"room": room, "table_id": live.view.table.pk, "can_write": live.write_room == room},
        )
    parts["table-log"] = Part(
        "tables/_log.html",
        {"notes": [{"kind": n.kind, "name": n.name, "at": n.created_at} for n in live.notes]},
    )
    parts["table-hands"] = Part(
        "tables/_hands.html",
        {
            "table_id": live.view.table.pk,
            "hands": [
                [hand.number, hand.match, hand.hand_no, hand.match_finished] for hand in live.hands
            ],
        },
    )
    return parts, tuple(screen)


def live_parts(live: LiveTable) -> tuple[dict[str, str], tuple[str, ...]]:
    """``page_parts``, rendered."""
    parts, screen_ids = page_parts(live)
    return {part_id: render_part(part) for part_id, part in parts.items()}, screen_ids


def seats_part(live: LiveTable) -> Part:
    view = live.view
    table = view.table
    return Part(
        "tables/_seats.html",
        {
            "table_id": table.pk,
            "status": table.status,
            "status_label": str(table.get_status_display()),
            "seat_count": table.seat_count,
            "players": view.players,
            "players_needed": view.players_needed,
            "seats": [_seat(seat, host_id=table.host_id) for seat in view.seats],
            "is_host": view.is_host,
            "can_start": view.can_start,
            "can_fill_with_bots": view.can_fill_with_bots,
            "rematch_accepted": view.rematch_accepted,
        },
    )


def _seat(seat: SeatView, *, host_id: int) -> dict[str, Any]:
    player = seat.player
    return {
        "position": seat.position,
        "player": None if player is None else str(player),
        "is_host": player is not None and player.pk == host_id,
        "is_guest": player is not None and player.is_guest,
        "is_bot": player is not None and player.is_bot,
        "sat_out": seat.sat_out,
        "is_viewer": seat.is_viewer,
        "can_sit": seat.can_sit,
        "can_stand": seat.can_stand,
        "can_remove": seat.can_remove,
    }


def screen_parts(live: LiveTable) -> dict[str, Part]:
    """The game screen's parts for this viewer (none before the first match starts)."""
    if live.game is None or live.game_view is None:
        return {}
    game = live.game
    facts = TableFacts(
        table_id=live.view.table.pk,
        next_hand_at=live.next_hand_at,
        rematch_accepted=tuple(
            seat for seat, player in enumerate(game.players) if player["user"] in game.rematch
        ),
        ready_seats=tuple(game.ready),
        viewer_role=str(live.role.role),
    )
    screen = SCREENS[game.game]
    parts: dict[str, Part] = screen.parts(
        live.game_view, players=live.players, viewer_seat=live.role.seat, facts=facts
    )
    return parts


def game_area(part_ids: Iterable[str]) -> str:
    """The game area with an empty element for each of the screen's parts, to land in."""
    return render_to_string("tables/_game_area.html", {"part_ids": list(part_ids)})


def table_message(message: str | Promise = "") -> str:
    return render_to_string("tables/_message.html", {"message": message})


def lobby_fragment(tables: Iterable[Table], *, viewer: Viewer) -> str:
    return render_to_string("lobby/_tables.html", {"tables": tables, "user": viewer})
