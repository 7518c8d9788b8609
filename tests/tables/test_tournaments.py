"""Tournaments through their services (RULES.md §4, docs/tournaments.md): registration, the draw
to tables, one hand per table per round, eliminations and places, balancing and breaking tables
between rounds with each player keeping his count, ante levels and a set start on the clock, and
what a tournament table does not do on its own (deal its next hand, record a match)."""

import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.utils import timezone

from games.accounts.services import bot_named
from games.kinds.registry import game_kind
from games.management.commands.simulate_tournament import _bots_move, check, final_check
from games.models import Entry, Game, MatchResult, Seat, Table, Tournament, User
from games.tables.errors import TableError
from games.tables.play import deal_next_hand
from games.tables.tournament_entries import (
    add_bots,
    cancel_tournament,
    create_tournament,
    register,
    start_tournament,
    unregister,
)
from games.tables.tournament_rounds import deal_next_round, hand_over, raise_ante, start_when_due
from tests.conftest import MakeUser

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("english")]


def new_tournament(host: User, game: str = "rummy70", **overrides: object) -> Tournament:
    arguments: dict[str, object] = {
        "game": game,
        "name": "Torneo del jueves",
        "visibility": "public",
        "max_players": 24,
        "clock": 30,
        "options": {},
    }
    if game_kind(game).tournament.antes:  # type: ignore[union-attr]
        arguments.update(starting_chips=1000, first_ante=10, level_minutes=10)
    arguments.update(overrides)
    return create_tournament(host=host, **arguments)  # type: ignore[arg-type]


def started(players: int, game: str = "rummy70") -> Tournament:
    """A tournament of bots only, started: no seat waits for a human."""
    host = bot_named(0)
    tournament = new_tournament(host, game)
    add_bots(tournament_id=tournament.pk, by=host, count=players - 1)
    start_tournament(tournament_id=tournament.pk, by=host)
    tournament.refresh_from_db()
    return tournament


def table_sizes(tournament: Tournament) -> list[int]:
    tables = Table.objects.filter(tournament=tournament, status=Table.Status.PLAYING)
    return sorted((table.seats.count() for table in tables), reverse=True)


def play_round(tournament: Tournament) -> None:
    """Bot moves until every table's hand of the round is over and counted."""
    for _ in range(20_000):
        tournament.refresh_from_db()
        if tournament.next_round_at is not None:
            return
        if not _bots_move(tournament):
            break
    raise AssertionError("the round did not end")


def end_pause(tournament: Tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(
        next_round_at=timezone.now() - timedelta(seconds=1)
    )
    assert deal_next_round(tournament_id=tournament.pk)
    tournament.refresh_from_db()


def test_players_register_and_unregister_until_the_start(
    ana: User, bruno: User, carmen: User
) -> None:
    tournament = new_tournament(ana, max_players=2)
    register(tournament_id=tournament.pk, user=bruno)

    with pytest.raises(TableError, match="full"):
        register(tournament_id=tournament.pk, user=carmen)
    with pytest.raises(TableError, match="already registered"):
        register(tournament_id=tournament.pk, user=bruno)
    with pytest.raises(TableError, match="host cannot unregister"):
        unregister(tournament_id=tournament.pk, user=ana)
    unregister(tournament_id=tournament.pk, user=bruno)
    register(tournament_id=tournament.pk, user=carmen)
    with pytest.raises(TableError, match="Only the host"):
        start_tournament(tournament_id=tournament.pk, by=carmen)
    start_tournament(tournament_id=tournament.pk, by=ana)

    with pytest.raises(TableError, match="closed"):
        register(tournament_id=tournament.pk, user=bruno)
    with pytest.raises(TableError, match="closed"):
        unregister(tournament_id=tournament.pk, user=carmen)


def test_a_tournament_is_refused_without_a_name_or_with_a_past_start(ana: User) -> None:
    with pytest.raises(TableError, match="name"):
        new_tournament(ana, name="  ")
    with pytest.raises(TableError, match="a minute from now"):
        new_tournament(ana, starts_at=timezone.now())
    with pytest.raises(TableError, match="starting chips"):
        new_tournament(ana, "golfo", starting_chips=7)


def test_one_player_cannot_start_and_the_host_may_cancel(ana: User) -> None:
    tournament = new_tournament(ana)
    with pytest.raises(TableError, match="at least 2"):
        start_tournament(tournament_id=tournament.pk, by=ana)
    cancel_tournament(tournament_id=tournament.pk, by=ana)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED


@pytest.mark.parametrize(
    ("game", "players", "sizes"),
    [("rummy70", 10, [4, 3, 3]), ("rummy70", 5, [5]), ("golfo", 9, [3, 3, 3])],
)
def test_the_start_draws_players_to_balanced_tables_each_dealt_a_hand(
    ana: User, game: str, players: int, sizes: list[int]
) -> None:
    tournament = started(players, game)

    assert table_sizes(tournament) == sizes
    assert tournament.round == 1
    for table in Table.objects.filter(tournament=tournament):
        game_row = table.games.get()
        assert [player["user"] for player in game_row.players] == list(
            table.seats.order_by("position").values_list("user_id", flat=True)
        )
    assert check(tournament) == []


def test_golfo_players_start_with_the_tournament_chips_and_the_first_ante(ana: User) -> None:
    tournament = started(4, "golfo")

    game = Game.objects.get(table__tournament=tournament)
    assert set(Entry.objects.values_list("count", flat=True)) == {1000}
    assert game.options["ante"] == 10
    assert game.options["stacks"] == [1000, 1000, 1000, 1000]


def test_a_tournament_table_waits_for_the_round_and_records_no_match(ana: User) -> None:
    tournament = started(7)
    play_round(tournament)

    for table in Table.objects.filter(tournament=tournament):
        Game.objects.filter(table=table).update(hand_ended_at=timezone.now() - timedelta(minutes=5))
        assert deal_next_hand(table_id=table.pk) is False
    assert MatchResult.objects.count() == 0
    assert tournament.round == 1


def test_each_hand_is_counted_once_when_two_tables_end_it_together(ana: User) -> None:
    tournament = started(8)
    play_round(tournament)
    counted = list(tournament.counted)
    version = tournament.version
    tables = list(Table.objects.filter(tournament=tournament).values_list("pk", flat=True))

    for table_id in tables:
        hand_over(tournament_id=tournament.pk, table_id=table_id)

    tournament.refresh_from_db()
    assert sorted(tournament.counted) == sorted(counted)
    assert tournament.version == version


@pytest.mark.django_db(transaction=True)
def test_the_next_round_is_dealt_once_when_asked_twice_at_once(make_user: MakeUser) -> None:
    tournament = started(8)
    play_round(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(
        next_round_at=timezone.now() - timedelta(seconds=1)
    )
    start = threading.Barrier(2)
    dealt: list[bool] = []

    def ask() -> None:
        start.wait()
        dealt.append(deal_next_round(tournament_id=tournament.pk))

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    tournament.refresh_from_db()
    assert sorted(dealt) == [False, True]
    assert tournament.round == 2
    assert check(tournament) == []


def test_players_out_leave_their_seats_with_a_place_and_a_smaller_field_merges_tables(
    ana: User,
) -> None:
    tournament = started(7)
    play_round(tournament)
    big = max(Table.objects.filter(tournament=tournament), key=lambda table: table.seats.count())
    leaving = list(big.entries.order_by("pk")[:2])
    Entry.objects.filter(pk__in=[entry.pk for entry in leaving]).update(out_round=1)
    counts = {entry.user_id: entry.count for entry in tournament.entries.all()}

    end_pause(tournament)

    assert table_sizes(tournament) == [5]
    for entry in leaving:
        entry.refresh_from_db()
        assert entry.place == 6 and entry.table is None
        assert not Seat.objects.filter(user_id=entry.user_id, table__tournament=tournament).exists()
    final = Game.objects.get(
        table__tournament=tournament, table__status=Table.Status.PLAYING, status=Game.Status.PLAYING
    )
    by_seat = [counts[player["user"]] for player in final.players]
    assert final.options["points"] == by_seat
    assert check(tournament) == []


def test_a_table_two_players_larger_than_another_gives_one_up(ana: User) -> None:
    tournament = started(8)
    play_round(tournament)
    first = Table.objects.filter(tournament=tournament).order_by("pk").first()
    assert first is not None
    leaving = list(first.entries.order_by("pk")[:2])
    Entry.objects.filter(pk__in=[entry.pk for entry in leaving]).update(out_round=1)

    end_pause(tournament)

    assert table_sizes(tournament) == [3, 3]
    assert check(tournament) == []


def test_the_ante_rises_by_level_on_the_clock_and_applies_from_the_next_round(ana: User) -> None:
    tournament = started(4, "golfo")
    assert raise_ante(tournament_id=tournament.pk) is False

    Tournament.objects.filter(pk=tournament.pk).update(
        next_level_at=timezone.now() - timedelta(seconds=1)
    )
    assert raise_ante(tournament_id=tournament.pk) is True
    assert raise_ante(tournament_id=tournament.pk) is False
    play_round(tournament)
    end_pause(tournament)

    assert tournament.level == 1
    current = Game.objects.filter(table__tournament=tournament).order_by("-pk").first()
    assert current is not None and current.options["ante"] == tournament.antes[1] == 15


def test_a_set_start_starts_on_time_and_cancels_with_too_few(ana: User, bruno: User) -> None:
    soon = timezone.now() + timedelta(minutes=5)
    lonely = new_tournament(ana, starts_at=soon)
    full = new_tournament(bruno, starts_at=soon)
    register(tournament_id=full.pk, user=ana)
    assert start_when_due(tournament_id=full.pk) is False

    Tournament.objects.update(starts_at=timezone.now() - timedelta(seconds=1))
    assert start_when_due(tournament_id=full.pk) and start_when_due(tournament_id=lonely.pk)

    full.refresh_from_db()
    lonely.refresh_from_db()
    assert (full.status, lonely.status) == (Tournament.Status.PLAYING, Tournament.Status.CANCELLED)


@pytest.mark.parametrize(("game", "players"), [("rummy70", 9), ("golfo", 7)])
def test_a_bot_tournament_ends_with_one_winner_and_every_place_given(
    ana: User, game: str, players: int
) -> None:
    tournament = started(players, game)
    for _ in range(400):
        tournament.refresh_from_db()
        assert check(tournament) == []
        if tournament.status == Tournament.Status.FINISHED:
            break
        play_round(tournament)
        end_pause(tournament)

    assert final_check(tournament) == []
    places = Counter(tournament.entries.values_list("place", flat=True))
    assert places[1] == 1
    assert Table.objects.filter(tournament=tournament, status=Table.Status.PLAYING).count() == 0


def test_the_next_round_comes_as_soon_as_every_player_left_is_ready(ana: User) -> None:
    tournament = started(7)
    play_round(tournament)
    big = max(Table.objects.filter(tournament=tournament), key=lambda table: table.seats.count())
    Entry.objects.filter(pk__in=[entry.pk for entry in big.entries.order_by("pk")[:2]]).update(
        out_round=1
    )
    end_pause(tournament)
    play_round(tournament)

    # The players still in press "ready" (bots do it as their move between hands) and the next
    # round is dealt with the pause still running; the loop stops there, before round 3 is played.
    for _ in range(50):
        tournament.refresh_from_db()
        if tournament.round == 3 or not _bots_move(tournament):
            break
    tournament.refresh_from_db()

    assert tournament.round == 3
    assert tournament.next_round_at is None
    assert Table.objects.filter(tournament=tournament, status=Table.Status.FINISHED).exists()


def test_two_tables_ending_their_hands_at_once_are_both_counted_and_nobody_is_lost() -> None:
    tournament = started(8)
    play_round(tournament)
    tournament.refresh_from_db()
    counted = sorted(tournament.counted)
    # Both hands are over but not yet counted, as at the moment their last moves committed.
    Tournament.objects.filter(pk=tournament.pk).update(counted=[], next_round_at=None)
    tables = list(Table.objects.filter(tournament=tournament).values_list("pk", flat=True))
    start = threading.Barrier(len(tables))

    def end_hand(table_id: int) -> None:
        start.wait()
        hand_over(tournament_id=tournament.pk, table_id=table_id)

    threads = [threading.Thread(target=end_hand, args=(table_id,)) for table_id in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    tournament.refresh_from_db()
    assert sorted(tournament.counted) == counted
    assert tournament.next_round_at is not None
    end_pause(tournament)
    assert check(tournament) == []
    assert tournament.entries.filter(out_round__isnull=True, table__isnull=True).count() == 0
