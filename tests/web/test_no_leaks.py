"""The leak test: bots play whole matches of both games while every player's socket and a
spectator's record every frame; no frame holds a card its viewer may not see. The same for a
tournament's table (watched by a stranger and by a player out of the tournament), and a
tournament's standings show nobody any card.

A card is hidden from a viewer when the engine state holds it and the engine's view for that
viewer does not (another player's hand, the stock, a face-down card; an eliminated player's view is
the spectator's). The frames are checked for those cards' identities anywhere (text, ``alt``,
``title``, ``data-*``), for card backs that carry anything but their looks, and, for viewers who
hold no cards, for more face-up cards on the page than their view shows. The moves told in words
(``#table-moves``) name no card whose face the viewer's views have not shown him so far."""

import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings
from django.utils import translation

from games.card_names import card_name
from games.engine.protocol import HAND_OVER
from games.models import Game, Table, Tournament, User
from games.tables import seating
from tests.support.html_parts import split_parts
from tests.support.live import close_all, table_socket
from tests.support.matches import bot_move, match_of, player_move, start_match, version_of
from tests.support.sockets import QUIET_SECONDS, open_socket
from tests.support.tables import open_table
from tests.support.tournament_tables import (
    eliminate,
    hand_move,
    players_at,
    started_tournament,
    tables_of,
)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    """Seeded matches, so that the bots play the same games on every run."""
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


FACE = re.compile(r'"((?:10|[2-9AJQK])[OCEB])(?:#\d+)?"')
FACES = [
    f"{rank}{suit}" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K") for suit in "OCEB"
]
CARD = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+")
VERSION = re.compile(r'id="table-version" data-version="(\d+)"')
BACK = re.compile(r"<[a-z]+\b[^>]*\bclass=\"(?:[^\"]* )?back(?: [^\"]*)?\"[^>]*>")
ATTRIBUTE = re.compile(r'\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)="')
FACE_UP = re.compile(r'class="card( [^"]*)?"')
BACK_ATTRIBUTES = {"class", "aria-hidden"}
MOVE_LIMIT = 5000
LAST_FRAME_SECONDS = 10  # on a loaded machine the last frame may come after a quiet spell


@dataclass(frozen=True)
class Sight:
    """What one viewer may see at one version: the cards hidden from him, and how many cards his
    view shows face up (``None`` when he holds a hand of his own)."""

    hidden: frozenset[str]
    shown: int | None
    faces_seen: frozenset[str] = frozenset()


def sights(
    table: Table, viewers: Iterable[User], faces_seen: dict[int, set[str]]
) -> dict[int, Sight]:
    """``faces_seen``: the faces each viewer's views have shown him so far, grown here."""
    game, kind, state = match_of(table)
    everything = set(CARD.findall(json.dumps(kind.state_to_json(state))))
    seen = {}
    for viewer in viewers:
        seat = game.seat_of(viewer.pk)
        if seat is not None and not kind.in_match(state, seat):
            seat = None
        view = json.dumps(kind.view(state, seat))
        visible = set(CARD.findall(view))
        shown = None if seat is not None else len(visible) + 1  # + Rummy's cut card, face only
        faces = faces_seen.setdefault(viewer.pk, set())
        faces.update(FACE.findall(view))
        seen[viewer.pk] = Sight(frozenset(everything - visible), shown, frozenset(faces))
    return seen


def face_up_cards(page: dict[str, str]) -> int:
    classes = (match.group(1) or "" for html in page.values() for match in FACE_UP.finditer(html))
    return sum(
        1 for found in classes if ("suit-" in found or "joker" in found) and "back" not in found
    )


def check_frame(frame: str, sight: Sight, page: dict[str, str]) -> None:
    leaked = set(CARD.findall(frame)) & sight.hidden
    assert not leaked, f"hidden cards {sorted(leaked)} reached a viewer"
    for back in BACK.findall(frame):
        assert set(ATTRIBUTE.findall(back)) <= BACK_ATTRIBUTES, back
    parts = split_parts(frame)
    if "table-moves" in parts:
        with translation.override("en"):
            named = {face for face in FACES if card_name(face) in parts["table-moves"]}
        assert named <= sight.faces_seen, f"the moves name unseen cards {named - sight.faces_seen}"
    page.update(parts)
    if sight.shown is not None:
        assert face_up_cards(page) <= 2 * sight.shown, "more face-up cards than the view shows"


async def play_and_watch(
    table: Table,
    players: list[User],
    watchers: list[User],
    *,
    move: Callable[[Table], bool] = bot_move,
) -> int:
    """Bots play the table's match to its end (or as long as ``move`` plays); every frame of
    every socket is checked against what its viewer may see at the frame's version. Returns how
    many frames were checked. A move may move the table by more than one version (at a
    tournament's table, the tournament counts the hand that ended): the state is the same at
    each."""
    viewers = [*players, *watchers]
    sockets: dict[int, WebsocketCommunicator] = {
        viewer.pk: await table_socket(table, viewer) for viewer in viewers
    }
    pages: dict[int, dict[str, str]] = {viewer.pk: {} for viewer in viewers}
    faces_seen: dict[int, set[str]] = {}
    by_version = {
        await database_sync_to_async(version_of)(table): await database_sync_to_async(sights)(
            table, viewers, faces_seen
        )
    }
    last_seen: dict[int, int] = {}

    def check(viewer_id: int, frame: str) -> int:
        match = VERSION.search(frame)
        if match is None:
            return 0
        version = int(match.group(1))
        check_frame(frame, by_version[version][viewer_id], pages[viewer_id])
        last_seen[viewer_id] = version
        return 1

    async def check_frames(quiet: float) -> int:
        """Check every frame that arrives until each socket stays quiet for ``quiet`` s."""
        count = 0
        for viewer_id, communicator in sockets.items():
            while not await communicator.receive_nothing(timeout=quiet):
                count += check(viewer_id, await communicator.receive_from())
        return count

    checked = 0
    previous = next(iter(by_version))
    for _ in range(MOVE_LIMIT):
        if not await database_sync_to_async(move)(table):
            break
        version = await database_sync_to_async(version_of)(table)
        sight = await database_sync_to_async(sights)(table, viewers, faces_seen)
        by_version.update(dict.fromkeys(range(previous + 1, version + 1), sight))
        previous = version
        checked += await check_frames(0)
    checked += await check_frames(QUIET_SECONDS)
    final = await database_sync_to_async(version_of)(table)
    for viewer_id, communicator in sockets.items():
        while last_seen.get(viewer_id) != final:
            checked += check(viewer_id, await communicator.receive_from(timeout=LAST_FRAME_SECONDS))
    assert last_seen == {viewer.pk: final for viewer in viewers}
    await close_all(*sockets.values())
    return checked


MOVERS = [
    pytest.param(bot_move, id="bots"),
    # Each player sends his own moves and "Listo"s, so the frames of a hand's end, a "Listo" and
    # a deal come from the snapshot the move hands over, not from a read.
    pytest.param(player_move, id="players"),
]


@pytest.mark.parametrize("move", MOVERS)
async def test_a_whole_rummy_match_shows_nobody_a_card_he_may_not_see(
    ana: User, bruno: User, carmen: User, move: Callable[[Table], bool]
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)

    checked = await play_and_watch(table, [ana, bruno], [carmen], move=move)

    game, kind, state = await database_sync_to_async(match_of)(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None
    assert checked > 100


@pytest.mark.parametrize("move", MOVERS)
async def test_a_whole_golfo_freezeout_shows_nobody_a_card_he_may_not_see(
    ana: User, bruno: User, carmen: User, make_user, move: Callable[[Table], bool]
) -> None:
    """Short stacks (set on the table below the form's minimum) so that two players bust and
    watch the rest of the match as spectators."""
    dario = await database_sync_to_async(make_user)("Darío")
    options = {"starting_stack": 40, "ante": 10, "min_bet": 10, "rebuy": "freezeout"}
    table = await database_sync_to_async(short_stacked_golfo)([ana, bruno, carmen], options)

    checked = await play_and_watch(table, [ana, bruno, carmen], [dario], move=move)

    game, kind, state = await database_sync_to_async(match_of)(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None
    assert sum(player.eliminated for player in state.players) == 2
    assert checked > 50


async def test_a_tournament_tables_hand_shows_no_watcher_nor_eliminated_player_a_card(
    make_user,
) -> None:
    """Six players at two tables; one is out and watches the other table, with a stranger, while
    its hand is played to its end."""
    names = ("Ana", "Bruno", "Carmen", "Darío", "Elena", "Fede")
    players = [await database_sync_to_async(make_user)(name) for name in names]
    watcher = await database_sync_to_async(make_user)("Gabi")
    tournament = await database_sync_to_async(started_tournament)(players)
    first, second = await database_sync_to_async(tables_of)(tournament)
    out = (await database_sync_to_async(players_at)(first))[0]
    await database_sync_to_async(eliminate)(out)
    seated = await database_sync_to_async(players_at)(second)

    checked = await play_and_watch(second, seated, [out, watcher], move=hand_move)

    game, kind, state = await database_sync_to_async(match_of)(second)
    assert kind.stage(state) == HAND_OVER and game.seat_of(out.pk) is None
    assert checked > 50


def short_stacked_golfo(players: list[User], options: dict[str, object]) -> Table:
    table = open_table(players[0], game="golfo", seat_count=4)
    Table.objects.filter(pk=table.pk).update(options=options)
    for position, user in enumerate(players[1:], start=1):
        seating.sit(table_id=table.pk, user=user, position=position)
    return seating.start_table(table_id=table.pk, by=players[0])


async def test_a_tournaments_standings_show_nobody_a_card(make_user) -> None:
    """The standings page and its socket, for a stranger, a player and a player out, while the
    tournament's tables play their hands: no card of any of them, face or back."""
    names = ("Ana", "Bruno", "Carmen", "Darío", "Elena", "Fede")
    players = [await database_sync_to_async(make_user)(name) for name in names]
    stranger = await database_sync_to_async(make_user)("Gabi")
    tournament = await database_sync_to_async(started_tournament)(players)
    first, second = await database_sync_to_async(tables_of)(tournament)
    out = (await database_sync_to_async(players_at)(first))[0]
    await database_sync_to_async(eliminate)(out)
    viewers = [stranger, players[-1], out, None]
    path = f"/ws/tournaments/{tournament.pk}/"
    sockets = []
    for viewer in viewers:
        communicator, connected = await open_socket(path, user=viewer)
        assert connected
        sockets.append(communicator)

    frames = []
    for _ in range(40):
        for table in (first, second):
            await database_sync_to_async(hand_move)(table)
    for communicator in sockets:
        while not await communicator.receive_nothing(timeout=QUIET_SECONDS):
            frames.append(await communicator.receive_from())
    pages = [await database_sync_to_async(standings_page)(tournament, viewer) for viewer in viewers]

    assert frames and all("Copa de otoño" in page for page in pages)
    for html in [*frames, *pages]:
        assert not CARD.search(html) and not FACE.search(html)
        assert 'class="card' not in html and "data-card" not in html
    await close_all(*sockets)


def standings_page(tournament: Tournament, viewer: User | None) -> str:
    client = Client()
    if viewer is not None:
        client.force_login(viewer)
    response = client.get(tournament.get_absolute_url())
    assert response.status_code == 200
    return response.content.decode()
