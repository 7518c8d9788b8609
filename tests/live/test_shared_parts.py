"""What a table's viewers are shown alike is built once per snapshot and language in a process
(``games.live.frames.SHARED``), and a viewer's own part made of named inputs once for as long as
the process keeps it (``games.live.part_cache.LASTING``), and that changes nobody's frame: bots
play whole matches of Rummy 70 and Golfo and a coup of each house game while every player, a
spectator and an anonymous visitor, in Spanish and in English, are sent each version twice, once
by sockets that share the process's snapshot and its lasting parts and once by a socket alone
with a copy of his own, every part made afresh for him. The two frames are the same at every
version: a part built for one viewer is never shown to another who should see it otherwise (his
hand, his moves, his own words for a move, a chat he may not read), nor a part made for a version
at a later one that shows it otherwise (his hand, the cards he just drew)."""

import dataclasses
from collections.abc import Callable

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from games.live import part_cache
from games.live.frames import SHARED, ViewerFrames
from games.live.kept import Kept
from games.models import Game, Table, User
from games.tables import seating
from games.tables.selectors import Viewer
from games.tables.snapshots import TableSnapshot, read_snapshot
from tests.conftest import MakeUser
from tests.support.house_coups import COUPS, play_step, seated_pair
from tests.support.matches import bot_move, match_of, start_match
from tests.support.tables import open_table
from tests.support.tournament_tables import (
    eliminate,
    hand_move,
    players_at,
    started_tournament,
    tables_of,
)

pytestmark = pytest.mark.django_db

MOVE_LIMIT = 5000


class Watchers:
    """Each viewer's two sockets: ``together`` are shown the snapshot every socket of the process
    shares, ``alone`` a copy of it made for him only."""

    def __init__(self, viewers: list[tuple[Viewer, str]]) -> None:
        self.pairs = [
            (
                ViewerFrames(viewer=viewer, granted_table_ids=(), language=language),
                ViewerFrames(viewer=viewer, granted_table_ids=(), language=language),
            )
            for viewer, language in viewers
        ]

    def shown(self, table: Table) -> None:
        """Sends the table's version to every socket."""
        snapshot = read_snapshot(table_id=table.pk)
        assert snapshot is not None
        for together, alone in self.pairs:
            frame = together.frame(snapshot)
            assert frame == self._alone(alone, dataclasses.replace(snapshot)), (
                f"{together.viewer} ({together.language}) at version {snapshot.version}"
            )

    @staticmethod
    def _alone(frames: ViewerFrames, snapshot: TableSnapshot) -> str | None:
        """``frames``' frame of ``snapshot`` with the process's lasting parts set aside."""
        lasting = part_cache.LASTING
        part_cache.LASTING = Kept(part_cache.KEPT_LASTING)
        try:
            return frames.frame(snapshot)
        finally:
            part_cache.LASTING = lasting


def everyone(players: list[User], watchers: list[User]) -> list[tuple[Viewer, str]]:
    """Every player, a watcher and an anonymous visitor, each in Spanish and in English."""
    people: list[Viewer] = [*players, *watchers, AnonymousUser()]
    return [(person, language) for person in people for language in ("es", "en")]


def play_to_the_end(table: Table, watching: Watchers, move: Callable[[Table], bool]) -> int:
    """Moves until nothing can happen any more, each version sent to every socket; the moves."""
    watching.shown(table)
    for moves in range(MOVE_LIMIT):
        if not move(table):
            return moves
        watching.shown(table)
    raise AssertionError(f"the table still plays after {MOVE_LIMIT} moves")


def test_every_viewer_of_a_whole_rummy_match_is_sent_what_he_would_be_sent_alone(
    make_user: MakeUser,
) -> None:
    """Four players, two of whom are out before the end and watch it."""
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen", "Dario")]
    with override_settings(CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}}):
        table = start_match(players, game="rummy70", seat_count=4)
        watching = Watchers(everyone(players, [make_user("Elena")]))
        assert play_to_the_end(table, watching, bot_move) > 100
    game, _engine, state = match_of(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None


def test_every_viewer_of_a_whole_golfo_freezeout_is_sent_what_he_would_be_sent_alone(
    make_user: MakeUser,
) -> None:
    """Short stacks, so that two of the three players bust and watch the rest as spectators;
    the dealer sits each hand out."""
    players = [make_user(name) for name in ("Ana", "Bruno", "Carmen")]
    options = {"starting_stack": 40, "ante": 10, "min_bet": 10, "rebuy": "freezeout"}
    with override_settings(CARDROOM_DEALS={"golfo": {"seed": "bots-5"}}):
        table = open_table(players[0], game="golfo", seat_count=4)
        Table.objects.filter(pk=table.pk).update(options=options)
        for position, user in enumerate(players[1:], start=1):
            seating.sit(table_id=table.pk, user=user, position=position)
        table = seating.start_table(table_id=table.pk, by=players[0])
        watching = Watchers(everyone(players, [make_user("Dario")]))
        assert play_to_the_end(table, watching, bot_move) > 20
    game, _engine, state = match_of(table)
    assert game.status == Game.Status.FINISHED
    assert sum(player.eliminated for player in state.players) == 2


def test_every_viewer_of_a_tournament_table_is_sent_what_he_would_be_sent_alone(
    make_user: MakeUser,
) -> None:
    """A hand at a tournament's table, watched by a player out of the tournament and a
    stranger: each viewer's tournament panel is his own."""
    names = ("Ana", "Bruno", "Carmen", "Dario", "Elena", "Fede")
    players = [make_user(name) for name in names]
    tournament = started_tournament(players)
    first, second = tables_of(tournament)
    out = players_at(first)[0]
    eliminate(out)
    watching = Watchers(everyone(players_at(second), [out, make_user("Gabi")]))
    assert play_to_the_end(second, watching, hand_move) > 10


def test_every_viewer_of_a_table_filling_up_is_sent_what_he_would_be_sent_alone(
    ana: User, bruno: User, carmen: User, make_user: MakeUser
) -> None:
    """Before the start the seats offer each viewer his own buttons: the host his, a player
    seated his "Stand up", anyone else logged in a free seat to take."""
    table = open_table(ana, seat_count=3)
    watching = Watchers(everyone([ana, bruno, carmen], [make_user("Dario")]))
    watching.shown(table)
    for change in (
        lambda: seating.sit(table_id=table.pk, user=bruno, position=2),
        lambda: seating.sit(table_id=table.pk, user=carmen, position=1),
        lambda: seating.stand(table_id=table.pk, user=bruno),
        lambda: seating.start_table(table_id=table.pk, by=ana),
    ):
        change()
        watching.shown(table)


def watch_a_coup(game: str, ana: User, bruno: User, carmen: User) -> None:
    """Ana and Bruno play a coup of a house game, every version sent to every socket."""
    coup = COUPS[game]
    with override_settings(CARDROOM_DEALS={game: coup.deal}):
        table = seated_pair(coup, ana, bruno)
        watching = Watchers(everyone([ana, bruno], [carmen]))
        watching.shown(table)
        for step in coup.steps:
            play_step(table, step, {"ana": ana, "bruno": bruno})
            watching.shown(table)


@pytest.mark.parametrize("game", sorted(COUPS))
def test_every_viewer_of_a_house_coup_is_sent_what_he_would_be_sent_alone(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    watch_a_coup(game, ana, bruno, carmen)


def test_a_snapshot_whose_shared_parts_were_forgotten_is_shown_the_same(
    ana: User, bruno: User, carmen: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The process keeps the shared parts of its latest snapshots only: with room for one, every
    socket alone pushes the shared snapshot's parts out, and they are built again, the same."""
    monkeypatch.setattr(SHARED.kept, "limit", 1)
    watch_a_coup("stud", ana, bruno, carmen)
