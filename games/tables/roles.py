"""Who a viewer is at a table: a player still in the match, an eliminated player (or one the host
removed from the match), or a spectator (anonymous visitors included). A user who holds a seat is
a player whatever page or tab he uses."""

from collections.abc import Collection
from enum import StrEnum
from typing import NamedTuple

from django.contrib.auth.models import AnonymousUser

from games.kinds.match import Match
from games.models import Game, Table, User


class Role(StrEnum):
    PLAYER = "player"
    ELIMINATED = "eliminated"
    SPECTATOR = "spectator"


class ViewerRole(NamedTuple):
    role: Role
    seat: int | None  # the engine seat of a player still in the current (or last) match

    @property
    def is_player(self) -> bool:
        return self.role == Role.PLAYER


def viewer_role(
    *,
    table: Table,
    game: Game | None,
    state: Match | None,
    viewer: User | AnonymousUser,
    seated_ids: Collection[int] | None = None,
) -> ViewerRole:
    """``state`` is the engine state of ``game`` (``None`` without a game); ``seated_ids``, the
    users sitting at the table, when the caller has read them already."""
    user_id = viewer.pk if viewer.is_authenticated else None
    if user_id is None:
        return ViewerRole(Role.SPECTATOR, None)
    if game is not None and table.status != Table.Status.WAITING:
        seat = game.seat_of(user_id)
        if seat is not None:
            if state is not None and state.in_match(seat) and not game.is_removed(seat):
                return ViewerRole(Role.PLAYER, seat)
            return ViewerRole(Role.ELIMINATED, None)
    if seated_ids is None:
        seated = table.seats.filter(user_id=user_id).exists()
    else:
        seated = user_id in seated_ids
    if seated:
        return ViewerRole(Role.PLAYER, None)
    return ViewerRole(Role.SPECTATOR, None)
