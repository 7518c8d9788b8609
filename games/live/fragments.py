"""The HTML pieces the sockets send. Each has an id and ``hx-swap-oob``, so the htmx ws extension
swaps it in place of the element with the same id.

Every part of a table's page is a ``Part``: a template and the plain data it shows
(``games.live.part_cache``), so what two viewers are shown alike is rendered once."""

from collections.abc import Iterable
from functools import partial
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import get_language

from games.kinds.registry import game_kind
from games.kinds.screens import Part, Shared, TableFacts, built_alone
from games.live.clock_part import turn_clock_part
from games.live.part_cache import render_part
from games.models import Table, Tournament
from games.tables.selectors import LiveTable, SeatView, TableView
from games.tables.snapshots import ChatLine

GAME_AREA = "game-area"
VERSION = "table-version"
TOURNAMENT = "tournament-panel"
WALLET = "wallet"


def page_parts(
    live: LiveTable, shared: Shared = built_alone
) -> tuple[dict[str, Part], tuple[str, ...]]:
    """Every part of the table page for this viewer, by id, in page order: the version, the
    tournament's panel (empty at a table of no tournament), the seats, the mark of his own seat,
    the turn clock, the game screen's parts, the player's chips in the page header at a table the
    house banks, the moves in words, the two chats, the log and the finished hands; and the ids
    of the screen's parts. Those every viewer given the same key is shown alike come from
    ``shared``: the version, the empty panel, the seats with the buttons they offer him, the
    moves in words as all but their maker read them, each chat as those who may read it (or may
    not) see it, its form as those who may write (or may not), the log, the finished hands and
    the screen's own."""
    table = live.view.table
    parts = {
        VERSION: shared(VERSION, lambda: Part("tables/_version.html", {"version": table.version})),
        TOURNAMENT: tournament_part(live)
        if live.tournament is not None
        else shared(TOURNAMENT, lambda: tournament_part(live)),
        "seats": shared(_seats_key(live.view), lambda: seats_part(live)),
        "seat-mark": shared.lasting(_seat_mark_part, _seat_position(live.view)),
        "turn-clock": turn_clock_part(live, shared),
    }
    screen = screen_parts(live, shared)
    parts.update(screen)
    chips = wallet_part(live)
    if chips is not None:
        parts[WALLET] = chips
    seat = live.role.seat
    parts["table-moves"] = (
        moves_part(live)
        if any(move.told_apart_to(seat) for move in live.moves)
        else shared("table-moves", lambda: moves_part(live))
    )
    for room, lines in live.chats.items():
        shown = "hidden" if lines is None else "shown"
        parts[f"chat-{room}"] = shared(f"chat-{room} {shown}", partial(_chat_part, room, lines))
        can_write = live.write_room == room
        parts[f"chat-{room}-form"] = shared(
            f"chat-{room}-form {'open' if can_write else 'closed'}",
            partial(_chat_form_part, room, table.pk, can_write),
        )
    parts["table-log"] = shared("table-log", lambda: _log_part(live))
    parts["table-hands"] = shared("table-hands", lambda: _hands_part(live))
    return parts, tuple(screen)


def _chat_part(room: str, lines: tuple[ChatLine, ...] | None) -> Part:
    messages = None if lines is None else [[line.author, line.text] for line in lines]
    return Part("tables/_chat.html", {"room": room, "messages": messages})


def _chat_form_part(room: str, table_id: int, can_write: bool) -> Part:
    return Part(
        "tables/_chat_form.html", {"room": room, "table_id": table_id, "can_write": can_write}
    )


def _log_part(live: LiveTable) -> Part:
    return Part(
        "tables/_log.html",
        {"notes": [{"kind": n.kind, "name": n.name, "at": n.created_at} for n in live.notes]},
    )


def _hands_part(live: LiveTable) -> Part:
    return Part(
        "tables/_hands.html",
        {
            "table_id": live.view.table.pk,
            "hands": [[hand.number, hand.match, hand.hand_no] for hand in live.hands],
            "earlier": bool(live.hands) and live.hands[-1].number > 1,
            "banked": game_kind(live.view.table.game).banked,
        },
    )


def live_parts(live: LiveTable) -> tuple[dict[str, str], tuple[str, ...]]:
    """``page_parts``, rendered."""
    parts, screen_ids = page_parts(live)
    return {part_id: render_part(part) for part_id, part in parts.items()}, screen_ids


def moves_part(live: LiveTable) -> Part:
    """The current hand's latest moves in words, newest first, as this viewer reads them: the
    same for every viewer but the player who laid the closing card face down."""
    language, seat = get_language(), live.role.seat
    return Part(
        "tables/_moves.html",
        {
            "lines": [
                line for move in live.moves if (line := move.line(viewer=seat, language=language))
            ]
        },
    )


def _seats_key(view: TableView) -> str:
    """What the seats show that is the viewer's own: the buttons they offer him (to sit, to stand
    up, the host's). Which seat is his is not among them: ``#seat-mark`` says it, and the page's
    style marks that seat. Written as one hex digit pair per flag (a table's seats are always
    as many), which costs a viewer's frame less than the flags' tuples written out."""
    flags = [view.is_host, view.can_start, view.can_fill_with_bots]
    for seat in view.seats:
        flags += (seat.can_sit, seat.can_stand, seat.can_remove)
    return "seats " + bytes(flags).hex()


def _seat_position(view: TableView) -> int | None:
    return next((seat.position for seat in view.seats if seat.is_viewer), None)


def _seat_mark_part(position: int | None) -> Part:
    """``#seat-mark``: the position of the viewer's seat, none when he has no seat."""
    return Part("tables/_seat_mark.html", {"position": position})


def seats_part(live: LiveTable) -> Part:
    view = live.view
    table = view.table
    return Part(
        "tables/_seats.html",
        {
            "table_id": table.pk,
            "status": table.status,
            "status_label": str(Table.Status(table.status).label),
            "seat_count": table.seat_count,
            "players": view.players,
            "players_needed": view.players_needed,
            "seats": [_seat(seat, host_id=table.host_id) for seat in view.seats],
            "is_host": view.is_host,
            "can_start": view.can_start,
            "can_fill_with_bots": view.can_fill_with_bots,
            "rematch_accepted": view.rematch_accepted,
            "in_tournament": table.tournament_id is not None,
            "banked": game_kind(table.game).banked,
        },
    )


def tournament_part(live: LiveTable) -> Part:
    """``#tournament-panel`` at a tournament's table: the tournament (a link to its page), its
    round and, for Golfo, its ante; between hands, when the next round is dealt; to a viewer who
    does not play here (eliminated, or watching), its other tables still in play to watch; and to
    a player the tournament moved to another table, that table (``follow``: his browser goes
    there, ``static/js/tournament-table.js``). Empty at any other table."""
    seen = live.tournament
    if seen is None:
        return Part("tables/_tournament.html", {"tournament": None})
    tournament = seen.tournament
    playing = tournament.status == Tournament.Status.PLAYING
    table = live.view.table
    closed = table.status == Table.Status.FINISHED
    return Part(
        "tables/_tournament.html",
        {
            "tournament": {
                "name": tournament.name,
                "url": tournament.get_absolute_url(),
                "round": tournament.round,
                "ante": tournament.ante,
                "finished": not playing,
            },
            "closed": closed and playing,
            "between_hands": seen.between_hands and playing and not closed,
            "next_round_at": live.next_hand_at,
            "is_out": seen.is_out,
            "follow": None if seen.follow is None else _table_link(seen.follow),
            "watch": [_table_link(other) for other in seen.watch]
            if playing and (closed or not live.role.is_player)
            else [],
        },
    )


def _table_link(table_id: int) -> dict[str, Any]:
    return {"number": table_id, "url": reverse("table", kwargs={"table_id": table_id})}


def _seat(seat: SeatView, *, host_id: int) -> dict[str, Any]:
    player = seat.player
    return {
        "position": seat.position,
        "player": None if player is None else str(player),
        "is_host": player is not None and player.pk == host_id,
        "is_guest": player is not None and player.is_guest,
        "is_bot": player is not None and player.is_bot,
        "rating": seat.rating,
        "sat_out": seat.sat_out,
        "can_sit": seat.can_sit,
        "can_stand": seat.can_stand,
        "can_remove": seat.can_remove,
    }


def screen_parts(live: LiveTable, shared: Shared = built_alone) -> dict[str, Part]:
    """The game screen's parts for this viewer (none before the first match starts)."""
    if live.game is None or live.game_view is None:
        return {}
    game = live.game
    kind = game_kind(game.game)
    facts = TableFacts(
        table_id=live.view.table.pk,
        next_hand_at=live.next_hand_at,
        rematch_accepted=tuple(
            seat for seat, player in enumerate(game.players) if player["user"] in game.rematch
        ),
        ready_seats=tuple(game.ready),
        viewer_role=str(live.role.role),
        last_hand=live.hands[0].number if live.hands else None,
        last_move=live.moves[0].mark(viewer=live.role.seat) if live.moves else {},
        in_tournament=live.tournament is not None,
        closes_at=game.turn_deadline if kind.banked else None,
        balances=live.balances,
    )
    return kind.screen.parts(
        live.game_view,
        players=live.players,
        viewer_seat=live.role.seat,
        facts=facts,
        shared=shared,
    )


def wallet_part(live: LiveTable) -> Part | None:
    """The player's chips in the page header, and the free top-up's button when he may take it, at
    a table the house banks where he plays: each bet and payout moves them (``None`` elsewhere:
    the header keeps what the page was served with)."""
    game = live.game
    seat = live.role.seat
    if game is None or seat is None or not game_kind(game.game).banked:
        return None
    return Part(
        "partials/wallet.html",
        {
            "chips": live.balances[seat],
            "can_top_up": seat in live.top_ups,
            "next": live.view.table.get_absolute_url(),
            "live": True,
        },
    )


def game_area(part_ids: Iterable[str]) -> str:
    """The game area with an empty element for each of the screen's parts, to land in."""
    return render_to_string("tables/_game_area.html", {"part_ids": list(part_ids)})


def table_message(message: str | Promise = "", *, note: bool = False) -> str:
    """The table's message box: a refusal, or with ``note`` a word that is no refusal (shown in
    the box's quieter colours)."""
    return render_to_string("tables/_message.html", {"message": message, "note": note})


def lobby_refusal(message: str) -> str:
    """What the lobby shows instead of its list when its socket is refused."""
    return render_to_string("lobby/_refusal.html", {"message": message})
