"""What a profile shows of a player's games: his figures per game and his past matches.

The accounts package knows no game's rules. A game that keeps results registers once, at start-up
(in ``GamesConfig.ready`` or in a module it imports)::

    register_record_source(game="rummy70", label=_("Rummy 70"), figures=("openings", "closes"))

naming, besides matches, wins, average place and rebuy tables, the counted figures of
``PlayerFigures`` that mean something in that game. The profile lists every registered game, in
the order they were registered. Every read here is a fixed number of queries, however many matches
the player has (docs/accounts.md, "Profiles")."""

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeAlias, TypedDict

from django.core.paginator import Page, Paginator
from django.db.models import Count, Min, OuterRef, Subquery
from django.utils.formats import number_format
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext
from django_stubs_ext import WithAnnotations

from games.models import Hand, MatchResult, PlayerFigures, Seat, User

HISTORY_PAGE_SIZE = 20


@dataclass(frozen=True)
class _Registration:
    label: str | Promise
    figures: tuple[str, ...]


_sources: dict[str, _Registration] = {}


def register_record_source(*, game: str, label: str | Promise, figures: Sequence[str] = ()) -> None:
    """Make ``game`` appear on profiles. Registering the same game again replaces it."""
    _sources[game] = _Registration(label=label, figures=tuple(figures))


def game_label(game: str) -> str | Promise:
    registration = _sources.get(game)
    return game if registration is None else registration.label


@dataclass(frozen=True)
class Figure:
    name: str
    value: int
    text: str


@dataclass(frozen=True)
class GameRecord:
    game: str
    label: str | Promise
    played: int
    won: int
    average_place: str  # "2.5", localized; empty before the first match
    rebuy_tables: int
    net_chips: int
    figures: list[Figure]

    @property
    def net_chips_text(self) -> str:
        return chips_text(self.net_chips)


_FIGURE_TEXTS: dict[str, Callable[[int], str]] = {
    "openings": lambda n: ngettext("%(count)d opening", "%(count)d openings", n) % {"count": n},
    "closes": lambda n: ngettext("%(count)d close", "%(count)d closes", n) % {"count": n},
    "hands_won": lambda n: ngettext("%(count)d hand won", "%(count)d hands won", n) % {"count": n},
}


def _figure(row: PlayerFigures, name: str) -> Figure:
    value = getattr(row, name)
    return Figure(name=name, value=value, text=_FIGURE_TEXTS[name](value))


def game_records(*, user: User) -> list[GameRecord]:
    """One record per registered game, zero when the user never played it: one query."""
    rows = {row.game: row for row in PlayerFigures.objects.filter(user=user)}
    records = []
    for game, registration in _sources.items():
        row = rows.get(game) or PlayerFigures(user=user, game=game)
        average = number_format(row.place_total / row.matches, 1) if row.matches else ""
        records.append(
            GameRecord(
                game=game,
                label=registration.label,
                played=row.matches,
                won=row.wins,
                average_place=average,
                rebuy_tables=row.rebuy_tables,
                net_chips=row.net_chips,
                figures=[_figure(row, name) for name in registration.figures],
            )
        )
    return records


@dataclass(frozen=True)
class PlayerName:
    user_id: int
    name: str
    is_owner: bool


@dataclass(frozen=True)
class PastMatch:
    """One row of a profile's history as one viewer may see it. ``hidden``: a private table this
    viewer may not open, shown without its players or links."""

    finished_at: datetime | None
    game: str
    label: str | Promise
    table_id: int
    hidden: bool
    players: list[PlayerName]
    outcome: str
    first_hand: int | None  # the table's number of the match's first finished hand
    hand_count: int


class HandSpan(TypedDict):
    """What ``history_page`` adds to each result: the match's first finished hand's number and
    its count of finished hands (``None`` for a match that finished none)."""

    first_hand: int | None
    hand_count: int | None


# A string: ``WithAnnotations`` takes its second argument only in type checking.
WithHandSpan: TypeAlias = "WithAnnotations[MatchResult, HandSpan]"


def history_page(
    *,
    owner: User,
    viewer: User,
    granted_table_ids: Collection[int],
    page: str | None,
) -> tuple[Page[WithHandSpan], list[PastMatch]]:
    """A page of the owner's past matches, latest first, as ``viewer`` may see them. A page
    number that is not a number gives the first page, one past the end the last: never an error."""
    hands = Hand.objects.filter(game=OuterRef("game")).order_by().values("game")
    rows = (
        MatchResult.objects.filter(user=owner)
        .select_related("game", "game__table")
        .annotate(
            first_hand=Subquery(hands.annotate(first=Min("number")).values("first")),
            hand_count=Subquery(hands.annotate(count=Count("pk")).values("count")),
        )
        .order_by("-game__finished_at", "-pk")
    )
    paginated = Paginator(rows, HISTORY_PAGE_SIZE).get_page(page)
    results = list(paginated.object_list)
    game_ids = [result.game_id for result in results]
    places = Counter(
        MatchResult.objects.filter(game_id__in=game_ids, place__isnull=False).values_list(
            "game_id", "place"
        )
    )
    openable = _openable_tables(results=results, viewer=viewer, granted_table_ids=granted_table_ids)
    return paginated, [
        _past_match(
            result,
            owner=owner,
            viewer=viewer,
            openable=openable,
            shared=places[result.game_id, result.place] > 1,
        )
        for result in results
    ]


def _openable_tables(
    *, results: list[MatchResult], viewer: User, granted_table_ids: Collection[int]
) -> set[int]:
    """The tables of these results the viewer may open (as the table page decides: public, or
    private and he is its host, sits at it, or came through its invite link)."""
    tables = [result.game.table for result in results]
    seated = set()
    if tables and viewer.is_authenticated:
        seated = set(
            Seat.objects.filter(
                user=viewer, table_id__in=[table.pk for table in tables]
            ).values_list("table_id", flat=True)
        )
    openable = {
        table.pk
        for table in tables
        if not table.is_private
        or table.pk in granted_table_ids
        or table.host_id == viewer.pk
        or table.pk in seated
    }
    return openable


def _past_match(
    result: WithHandSpan, *, owner: User, viewer: User, openable: set[int], shared: bool
) -> PastMatch:
    game = result.game
    hidden = game.table_id not in openable and game.seat_of(viewer.pk) is None
    players = [
        PlayerName(user_id=player["user"], name=player["name"], is_owner=player["user"] == owner.pk)
        for player in game.players
    ]
    return PastMatch(
        finished_at=game.finished_at,
        game=game.game,
        label=game_label(game.game),
        table_id=game.table_id,
        hidden=hidden,
        players=[] if hidden else players,
        outcome=outcome_text(
            place=result.place, players=len(game.players), shared=shared, net_chips=result.net_chips
        ),
        first_hand=None if game.table_id not in openable else result.first_hand,
        hand_count=result.hand_count or 0,
    )


def ordinal(place: int) -> str:
    """``1st`` in English, ``1.º`` in Spanish (places go from 1 to 6)."""
    ordinals = {
        1: pgettext("place", "1st"),
        2: pgettext("place", "2nd"),
        3: pgettext("place", "3rd"),
        4: pgettext("place", "4th"),
        5: pgettext("place", "5th"),
        6: pgettext("place", "6th"),
    }
    return ordinals.get(place, str(place))


def outcome_text(*, place: int | None, players: int, shared: bool, net_chips: int | None) -> str:
    """ "1st of 4", "2nd of 4 (shared)", or "+200 chips" at a rebuy table."""
    if place is not None:
        values = {"place": ordinal(place), "players": players}
        if shared:
            return _("%(place)s of %(players)d (shared)") % values
        return _("%(place)s of %(players)d") % values
    if net_chips is not None:
        return chips_text(net_chips)
    return ""


def chips_text(chips: int) -> str:
    """ "+200 chips", "-150 chips", "0 chips", "+1 chip"."""
    signed = f"{chips:+d}" if chips else "0"
    return ngettext("%(chips)s chip", "%(chips)s chips", abs(chips)) % {"chips": signed}
