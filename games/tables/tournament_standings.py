"""Read-only queries about tournaments, shaped for the viewer who asks: who may see one, its
standings (the registered players, each table in play with its players' counts, the places of
those out, every hand played), the lobby's open ones and the ones a player played.

None of it holds a card: a tournament's page shows counts (Rummy 70 points, Golfo chips) and
places, and links to the tables and their replays, whose own pages show each viewer what he may
see."""

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from games.models import Entry, Hand, Table, Tournament
from games.tables.selectors import Viewer

OPEN = (Tournament.Status.REGISTERING, Tournament.Status.PLAYING)
STARTED = (Tournament.Status.PLAYING, Tournament.Status.FINISHED)


@dataclass(frozen=True)
class TableStanding:
    """A table in play: its number on the page, where to watch it, its players by seat."""

    number: int
    table: Table
    watch_url: str
    entries: tuple[Entry, ...]
    viewer_seated: bool


@dataclass(frozen=True)
class TableReplays:
    """The hands a table of the tournament played, for their replays."""

    number: int
    table_id: int
    hands: tuple[int, ...]


@dataclass(frozen=True)
class Standings:
    tournament: Tournament
    entries: tuple[Entry, ...]
    tables: tuple[TableStanding, ...]
    placed: tuple[Entry, ...]
    left: int
    viewer_entry: Entry | None
    is_host: bool
    chips: bool  # the counts are chips (a game with antes), else points
    replays: tuple[TableReplays, ...]


@dataclass(frozen=True)
class PlayedTournament:
    """A tournament on a player's profile: ``hidden`` when the viewer may not open it."""

    tournament: Tournament
    place: int | None
    players: int
    hidden: bool


def tournament_by_invite(*, token: str) -> Tournament | None:
    return Tournament.objects.filter(invite_token=token).first()


def can_view_tournament(
    *, tournament: Tournament, viewer: Viewer, granted_tournament_ids: Collection[int]
) -> bool:
    """A public tournament is open to anyone; a private one to its host, its players and the
    sessions that visited its invite link."""
    if not tournament.is_private or tournament.pk in granted_tournament_ids:
        return True
    if not viewer.is_authenticated:
        return False
    return tournament.host_id == viewer.pk or tournament.entries.filter(user=viewer).exists()


def visible_tournament(
    *, tournament_id: int, viewer: Viewer, granted_tournament_ids: Collection[int]
) -> Tournament | None:
    """The tournament if ``viewer`` may see it, else ``None`` (as if it did not exist)."""
    tournament = (
        Tournament.objects.select_related("host", "winner").filter(pk=tournament_id).first()
    )
    if tournament is None or not can_view_tournament(
        tournament=tournament, viewer=viewer, granted_tournament_ids=granted_tournament_ids
    ):
        return None
    return tournament


def tournament_version(*, tournament_id: int) -> int | None:
    """How new a tournament's standings are, or ``None`` when it is gone. One indexed read."""
    return Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()


def standings(*, tournament: Tournament, viewer: Viewer) -> Standings:
    """The tournament as its page shows it now to ``viewer``. A few queries."""
    entries = tuple(tournament.entries.select_related("user").order_by("registered_at", "pk"))
    viewer_entry = next(
        (entry for entry in entries if viewer.is_authenticated and entry.user_id == viewer.pk),
        None,
    )
    tables = list(tournament.tables.order_by("pk"))
    numbers = {table.pk: number for number, table in enumerate(tables, start=1)}
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    for table in tables:
        for seat in table.seats.all():
            seats[table.pk][seat.user_id] = seat.position
    in_play = []
    for table in tables:
        if table.status != Table.Status.PLAYING:
            continue
        at_table = sorted(
            (entry for entry in entries if entry.table_id == table.pk),
            key=lambda entry: seats[table.pk].get(entry.user_id, len(entries)),
        )
        in_play.append(
            TableStanding(
                number=numbers[table.pk],
                table=table,
                watch_url=table.get_invite_url() if table.is_private else table.get_absolute_url(),
                entries=tuple(at_table),
                viewer_seated=viewer_entry is not None and viewer_entry.table_id == table.pk,
            )
        )
    placed = tuple(
        sorted(
            (entry for entry in entries if entry.place is not None),
            key=lambda entry: (entry.place, entry.user.display_name.lower()),
        )
    )
    return Standings(
        tournament=tournament,
        entries=entries,
        tables=tuple(in_play),
        placed=placed,
        left=sum(1 for entry in entries if entry.out_round is None),
        viewer_entry=viewer_entry,
        is_host=viewer.is_authenticated and tournament.host_id == viewer.pk,
        chips=bool(tournament.antes),
        replays=_replays(tournament, numbers),
    )


def _replays(tournament: Tournament, numbers: dict[int, int]) -> tuple[TableReplays, ...]:
    """Every finished hand of the tournament's tables, once it has ended."""
    if tournament.status != Tournament.Status.FINISHED:
        return ()
    hands: dict[int, list[int]] = defaultdict(list)
    rows = Hand.objects.filter(table__tournament=tournament).order_by("table_id", "number")
    for table_id, number in rows.values_list("table_id", "number"):
        hands[table_id].append(number)
    return tuple(
        TableReplays(number=numbers[table_id], table_id=table_id, hands=tuple(found))
        for table_id, found in sorted(hands.items())
    )


def open_public_tournaments() -> QuerySet[Tournament]:
    """The lobby's tournaments: every public one registering or playing, with its player count."""
    return (
        Tournament.objects.filter(visibility="public", status__in=OPEN)
        .select_related("host")
        .annotate(players=Count("entries"))
        .order_by("-created_at")
    )


def played_tournaments(
    *, owner: Viewer, viewer: Viewer, granted_tournament_ids: Collection[int]
) -> list[PlayedTournament]:
    """The tournaments ``owner`` played (started ones, newest first) with his place; a private
    one ``viewer`` may not open is marked hidden."""
    if not owner.is_authenticated:
        return []
    entries = (
        Entry.objects.filter(user=owner, tournament__status__in=STARTED)
        .select_related("tournament")
        .annotate(players=Count("tournament__entries"))
        .order_by("-tournament__started_at", "-pk")
    )
    mine: set[int] = set()
    if viewer.is_authenticated:
        mine = set(
            Tournament.objects.filter(Q(host=viewer) | Q(entries__user=viewer)).values_list(
                "pk", flat=True
            )
        )
    return [
        PlayedTournament(
            tournament=entry.tournament,
            place=entry.place,
            players=getattr(entry, "players", 0),
            hidden=entry.tournament.is_private
            and entry.tournament_id not in mine
            and entry.tournament_id not in granted_tournament_ids,
        )
        for entry in entries
    ]
