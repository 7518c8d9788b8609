"""A tournament being played, round by round (RULES.md §4, docs/tournaments.md).

Each round every table plays one hand, as a match of its own started with each player's carried
count. When a table's hand ends, its players' counts and who is out are written to their entries
(``hand_over``); once every table's hand has ended, the next round is due after a pause, sooner
when every player is ready (``next_round_due``). Dealing it (``deal_next_round``) places those out,
balances and breaks tables (players move between hands only, keeping their counts), finishes the
tournament when one player is left, and deals the next hand everywhere.

Locks are always taken in one order: the tournament row, then its tables by id. A table's move
that ends a hand holds only its table: it asks for ``hand_over`` once it has committed, so two
tables ending their hands at the same moment are counted one after the other."""

import random
from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.engine.protocol import HAND_OVER, MATCH_OVER
from games.kinds.registry import game_kind
from games.kinds.tournament_plan import Out, TournamentRules, draw_tables, places, rebalance
from games.models import Entry, Game, Seat, Table, Tournament
from games.tables.broadcasts import LOBBY_GROUP, nudge_group
from games.tables.errors import TableError
from games.tables.matches import NEXT_HAND_SECONDS, begin_match, current_game
from games.tables.tournament_clock import send_tournament_deadline
from games.tables.versions import bump_version

TOURNAMENT_MOVED = "tournament.changed"


def tournament_group(tournament_id: int) -> str:
    return f"tournament-{tournament_id}"


def lock_tournament(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        raise TableError(_("This tournament does not exist."))
    return tournament


def bump_tournament(tournament: Tournament, *, lobby: bool) -> Tournament:
    """Save ``tournament`` at its next version and, once committed, nudge its page's sockets (and
    the lobby's when its list shows the change), and ask the worker to act on its deadlines."""
    tournament.version += 1
    tournament.save()
    tournament_id, version = tournament.pk, tournament.version
    due = next_deadline(tournament)

    def tell() -> None:
        nudge_group(
            tournament_group(tournament_id),
            {"type": TOURNAMENT_MOVED, "tournament_id": tournament_id, "version": version},
        )
        if lobby:
            nudge_group(LOBBY_GROUP, {"type": "lobby.changed"})
        if due is not None:
            send_tournament_deadline(tournament_id=tournament_id, when=due)

    transaction.on_commit(tell)
    return tournament


def next_deadline(tournament: Tournament) -> datetime | None:
    """The earliest time the tournament has something to do by the clock."""
    times = [
        when
        for when in (tournament.starts_at, tournament.next_level_at, tournament.next_round_at)
        if when is not None
    ]
    return min(times, default=None)


def start_tournament_now(tournament: Tournament) -> Tournament:
    """Draw the registered players to tables and deal the first round (the caller holds the
    tournament locked and has checked it may start)."""
    rules = _rules(tournament)
    entries = list(tournament.entries.select_related("user"))
    start = rules.start_count(tournament.starting_chips or 0)
    for entry in entries:
        entry.count = entry.count_before = start
    Entry.objects.bulk_update(entries, ["count", "count_before"])
    draw = draw_tables([entry.user_id for entry in entries], rules.sizes, _rng(tournament))
    for players in draw:
        table = Table.objects.create(
            game=tournament.game,
            host=tournament.host,
            seat_count=rules.sizes.largest,
            visibility=tournament.visibility,
            clock=tournament.clock,
            options=tournament.options,
            tournament=tournament,
            status=Table.Status.PLAYING,
        )
        for position, user_id in enumerate(players):
            Seat.objects.create(table=table, position=position, user_id=user_id)
        Entry.objects.filter(tournament=tournament, user_id__in=players).update(table=table)
    now = timezone.now()
    tournament.status = Tournament.Status.PLAYING
    tournament.started_at = now
    tournament.starts_at = None
    if tournament.antes and tournament.level_minutes:
        tournament.next_level_at = now + timedelta(minutes=tournament.level_minutes)
    _deal_round(tournament)
    return bump_tournament(tournament, lobby=True)


def hand_over(*, tournament_id: int, table_id: int) -> None:
    """The hand of ``table_id`` has ended: write its players' counts and who is out to their
    entries, and once every table's hand has ended, set when the next round is dealt. Safe to ask
    twice: a hand already counted changes nothing."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status != Tournament.Status.PLAYING:
            return
        tables = _lock_tables(tournament)
        games = _current_games(tables)
        game = games.get(table_id)
        if game is None or game.pk in tournament.counted or not _over(game):
            return
        _count_hand(tournament, game)
        told = [tables[table_id]]
        if all(_over(game) for game in games.values()):
            tournament.next_round_at = timezone.now() + timedelta(seconds=NEXT_HAND_SECONDS)
            told = list(tables.values())
        # The tables' pages show who is out and, once every hand has ended, the next round's time.
        for table in told:
            bump_version(table, lobby=False)
        bump_tournament(tournament, lobby=False)


def next_round_due(tournament: Tournament) -> bool:
    """Whether the next round may be dealt now: every table's hand has ended and the pause is
    over, or every player still in has said he is ready."""
    if tournament.status != Tournament.Status.PLAYING or tournament.next_round_at is None:
        return False
    if timezone.now() >= tournament.next_round_at:
        return True
    playing = tournament.tables.filter(status=Table.Status.PLAYING)
    games = _current_games({table.pk: table for table in playing})
    return all(
        set(game_kind(game.game).rules.load(game.state).waits_for()) <= set(game.ready)
        for game in games.values()
    )


def deal_next_round(*, tournament_id: int) -> bool:
    """Deal the next round if it is due (anyone may ask, early, late or twice); ``True`` when it
    dealt or the tournament ended."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        tables = _lock_tables(tournament)
        if not next_round_due(tournament):
            return False
        _close_round(tournament, tables)
        left = list(tournament.entries.filter(out_round__isnull=True))
        if len(left) <= 1:
            _finish(tournament, tables, left)
            return True
        _move_players(tournament, tables)
        _deal_round(tournament)
        bump_tournament(tournament, lobby=False)
        return True


def raise_ante(*, tournament_id: int) -> bool:
    """Move a Golfo tournament to its next ante level once that level's time has come; the new
    ante is paid from the next round dealt."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        due = tournament.next_level_at
        if tournament.status != Tournament.Status.PLAYING or due is None:
            return False
        if timezone.now() < due:
            return False
        tournament.level = min(tournament.level + 1, len(tournament.antes) - 1)
        last = tournament.level == len(tournament.antes) - 1
        minutes = tournament.level_minutes or 0
        tournament.next_level_at = None if last else due + timedelta(minutes=minutes)
        bump_tournament(tournament, lobby=False)
        return True


def start_when_due(*, tournament_id: int) -> bool:
    """Start a tournament at its set time; with fewer than 2 players it is cancelled."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        due = tournament.starts_at
        if tournament.status != Tournament.Status.REGISTERING or due is None:
            return False
        if timezone.now() < due:
            return False
        if tournament.entries.count() < 2:
            tournament.status = Tournament.Status.CANCELLED
            tournament.starts_at = None
            tournament.finished_at = timezone.now()
            bump_tournament(tournament, lobby=True)
            return True
        start_tournament_now(tournament)
        return True


def _rules(tournament: Tournament) -> TournamentRules:
    rules = game_kind(tournament.game).tournament
    if rules is None:
        raise TableError(_("There are no tournaments of that game."))
    return rules


def _rng(tournament: Tournament) -> random.Random:
    return random.Random(f"{tournament.seed}:{tournament.round}")


def _lock_tables(tournament: Tournament) -> dict[int, Table]:
    """The tournament's tables still in play, locked in id order."""
    tables = Table.objects.select_for_update().filter(
        tournament=tournament, status=Table.Status.PLAYING
    )
    return {table.pk: table for table in tables.order_by("pk")}


def _current_games(tables: dict[int, Table]) -> dict[int, Game]:
    games: dict[int, Game] = {}
    for table_id, table in tables.items():
        game = current_game(table)
        if game is not None:
            games[table_id] = game
    return games


def _over(game: Game) -> bool:
    """Whether the hand of this tournament match has ended."""
    if game.status == Game.Status.FINISHED:
        return True
    return game_kind(game.game).rules.load(game.state).stage in (HAND_OVER, MATCH_OVER)


def _count_hand(tournament: Tournament, game: Game) -> None:
    """Write the hand's counts and who went out to the entries of its players (the caller saves
    ``tournament``, whose ``counted`` now lists this match)."""
    state = game_kind(game.game).rules.load(game.state)
    counts = state.counts()
    by_user = {player["user"]: seat for seat, player in enumerate(game.players)}
    entries = list(tournament.entries.filter(user_id__in=by_user))
    for entry in entries:
        seat = by_user[entry.user_id]
        entry.count = counts[seat]
        if not state.in_match(seat):
            entry.out_round = tournament.round
    Entry.objects.bulk_update(entries, ["count", "out_round"])
    tournament.counted = [*tournament.counted, game.pk]


def _close_round(tournament: Tournament, tables: dict[int, Table]) -> None:
    """End the round: every table's match is finished (a tournament hand leaves no result of its
    own), those out get their places and leave their seats, and become spectators."""
    now = timezone.now()
    for game in _current_games(tables).values():
        if game.pk not in tournament.counted:
            _count_hand(tournament, game)
        if game.status != Game.Status.FINISHED:
            game.status = Game.Status.FINISHED
            game.finished_at = now
            game.turn_deadline = game.bot_move_at = None
            game.save(update_fields=["status", "finished_at", "turn_deadline", "bot_move_at"])
    entries = list(tournament.entries.all())
    ranks = places(
        {
            entry.user_id: None
            if entry.out_round is None
            else Out(round=entry.out_round, chips_before=entry.count_before)
            for entry in entries
        },
        _rules(tournament).out_ties,
    )
    out_now = [entry for entry in entries if entry.out_round == tournament.round]
    for entry in out_now:
        entry.place = ranks[entry.user_id]
        entry.table = None
    Entry.objects.bulk_update(out_now, ["place", "table"])
    Seat.objects.filter(
        table__in=tables.values(), user_id__in=[entry.user_id for entry in out_now]
    ).delete()


def _move_players(tournament: Tournament, tables: dict[int, Table]) -> None:
    """Balance and break tables as §4 says; a moved player keeps his count."""
    seated: dict[int, list[int]] = {table_id: [] for table_id in tables}
    for entry in tournament.entries.filter(out_round__isnull=True):
        if entry.table_id in seated:
            seated[entry.table_id].append(entry.user_id)
    for move in rebalance(seated, _rules(tournament).sizes, _rng(tournament)):
        Seat.objects.filter(table_id=move.from_table, user_id=move.player).delete()
        taken = set(Seat.objects.filter(table_id=move.to_table).values_list("position", flat=True))
        position = min(set(range(len(taken) + 1)) - taken)
        Seat.objects.create(table_id=move.to_table, position=position, user_id=move.player)
        Entry.objects.filter(tournament=tournament, user_id=move.player).update(
            table_id=move.to_table
        )
    for table in tables.values():
        if not table.seats.exists():
            table.status = Table.Status.FINISHED
            bump_version(table, lobby=False)


def _deal_round(tournament: Tournament) -> None:
    """The next round: a new match at every table in play, each seat with its carried count."""
    tournament.round += 1
    tournament.next_round_at = None
    tournament.counted = []
    rules = _rules(tournament)
    counts = {entry.user_id: entry for entry in tournament.entries.filter(out_round__isnull=True)}
    for entry in counts.values():
        entry.count_before = entry.count
    Entry.objects.bulk_update(list(counts.values()), ["count_before"])
    for index, table in enumerate(_lock_tables(tournament).values()):
        seats = list(table.seats.order_by("position"))
        if not seats:
            continue
        options = rules.hand_options(
            table.options,
            [counts[seat.user_id].count for seat in seats],
            (tournament.round - 1) % len(seats),
            tournament.ante or 0,
        )
        begin_match(
            table=table,
            seats=seats,
            options=options,
            seed=f"{tournament.seed}:{tournament.round}:{index}",
        )
        bump_version(table, lobby=False)


def _finish(tournament: Tournament, tables: dict[int, Table], left: Sequence[Entry]) -> None:
    now = timezone.now()
    for entry in left:
        entry.place = 1
        entry.table = None
        entry.save(update_fields=["place", "table"])
        tournament.winner_id = entry.user_id
    for table in tables.values():
        table.status = Table.Status.FINISHED
        bump_version(table, lobby=False)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    tournament.next_round_at = tournament.next_level_at = None
    bump_tournament(tournament, lobby=True)
