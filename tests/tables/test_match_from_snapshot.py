"""A player's move at a friends' table takes the match and the seats from his process's snapshot
of the table when that snapshot is at the table's very version (``games.tables.play``,
``_locked_match``): the match must go exactly as it goes when every move reads the database, a
snapshot the table has left must never stand for it, and the frames made from the snapshot must
not see the move change it."""

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Action, Game, Seat, Table
from games.tables import play
from games.tables.snapshots import SNAPSHOTS
from tests.support.kept_tables import keep_snapshot, kept_table_and_mover, players
from tests.support.matches import bot_fields, bot_move, match_of, start_match, version_of

pytestmark = pytest.mark.django_db(transaction=True)

MOVES = 150


def players_move(table: Table) -> bool:
    """The player on turn sends his bot's choice as his browser's form; between hands, the deal."""
    mover = bot_fields(table)
    if mover is None:
        return bot_move(table)
    user, fields = mover
    play.play(table_id=table.pk, user=user, version=version_of(table), fields=fields)
    return True


def match_record(table: Table) -> tuple[object, ...]:
    game = Game.objects.get(table=table)
    log = list(
        Action.objects.filter(game=game).order_by("seq").values_list("seq", "seat", "action")
    )
    return (
        version_of(table),
        game.state,
        game.last_seq,
        game.hand_first_seq,
        game.hand_deal,
        game.status,
        log,
    )


def test_a_match_played_from_snapshots_goes_as_one_read_from_the_database(
    make_user: Any,
) -> None:
    """Two tables dealt alike: at one every move is made on the snapshot its process keeps (handed
    over by the move before, read again between hands), at the other on the database."""
    from_snapshots, from_database = (start_match(players(make_user, s)) for s in ("", "2"))
    for _ in range(MOVES):
        keep_snapshot(from_snapshots)
        moved = players_move(from_snapshots)
        assert SNAPSHOTS.at_version(from_database.pk, version_of(from_database)) is None
        assert players_move(from_database) == moved
        if not moved:
            break
    assert match_record(from_snapshots) == match_record(from_database)


def test_a_move_made_on_the_kept_snapshot_reads_neither_the_match_nor_the_seats(
    make_user: Any,
) -> None:
    table, user, fields = kept_table_and_mover(make_user)
    version = version_of(table)
    with CaptureQueriesContext(connection) as queries:
        play.play(table_id=table.pk, user=user, version=version, fields=fields)
    read = [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith("SELECT")]
    assert len(read) <= 1, "the table's lock at most (on PostgreSQL the move is one statement)"
    assert not [sql for sql in read if '"games_game"' in sql or '"games_seat"' in sql]


def test_a_snapshot_the_table_has_left_is_not_used(make_user: Any) -> None:
    """Another process's move (here the table's bot for the player, which hands nothing over)
    leaves this process's snapshot one version behind: the next move reads the table."""
    table = start_match(players(make_user))
    keep_snapshot(table)
    assert bot_move(table)
    mover = bot_fields(table)
    assert mover is not None
    user, fields = mover
    play.play(table_id=table.pk, user=user, version=version_of(table), fields=fields)
    game = Game.objects.get(table=table)
    log = list(Action.objects.filter(game=game).order_by("seq").values_list("seq", "user"))
    assert [seq for seq, _user in log] == [1, 2] and log[1][1] == user.pk
    assert game.last_seq == 2


def test_the_move_leaves_the_snapshot_its_frames_show_as_it_was(make_user: Any) -> None:
    table = start_match(players(make_user))
    keep_snapshot(table)
    kept = SNAPSHOTS.at_version(table.pk, version_of(table))
    assert kept is not None and kept.game is not None
    state_before, seq_before = kept.game.state, kept.game.last_seq
    assert players_move(table)
    assert kept.game.last_seq == seq_before and kept.game.state == state_before
    assert Game.objects.get(table=table).last_seq == seq_before + 1


def test_a_sat_out_seat_in_the_snapshot_is_played_by_the_bot(make_user: Any) -> None:
    """The seats come with the snapshot: once every player but the one on turn is sat out (which
    moves the table's version), the turn he passes goes to a seat the bot plays, and its move is
    planned, as when the seats are read."""
    table = start_match(players(make_user))
    mover = bot_fields(table)
    assert mover is not None
    on_turn = mover[0]
    Seat.objects.filter(table=table).exclude(user=on_turn).update(sat_out=True)
    Table.objects.filter(pk=table.pk).update(version=version_of(table) + 1)
    while mover is not None and mover[0] == on_turn:
        keep_snapshot(table)
        play.play(table_id=table.pk, user=on_turn, version=version_of(table), fields=mover[1])
        mover = bot_fields(table)
    game, _engine, _state = match_of(table)
    assert mover is not None and mover[0] != on_turn
    assert game.bot_move_at is not None
