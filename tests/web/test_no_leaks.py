"""The leak test: bots play whole matches of both games while every player's socket and a
spectator's record every frame; no frame holds a card its viewer may not see.

A card is hidden from a viewer when the engine state holds it and the engine's view for that
viewer does not (another player's hand, the stock, a face-down card; an eliminated player's view is
the spectator's). The frames are checked for those cards' identities anywhere (text, ``alt``,
``title``, ``data-*``), for card backs that carry anything but their looks, and, for viewers who
hold no cards, for more face-up cards on the page than their view shows."""

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games import services
from games.models import Game, Table, User
from tests.web.html_parts import split_parts
from tests.web.live import close_all, table_socket
from tests.web.matches import bot_move, match_of, start_match, version_of
from tests.web.sockets import QUIET_SECONDS
from tests.web.tables import open_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def fixed_seeds() -> Iterator[None]:
    """Seeded matches, so that the bots play the same games on every run."""
    with override_settings(
        CARDROOM_DEALS={"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}
    ):
        yield


CARD = re.compile(r"(?:10|[2-9AJQK])[OCEB]#\d+|\*#\d+")
VERSION = re.compile(r'id="table-version" hx-swap-oob="true"><input [^>]*>(\d+)<')
BACK = re.compile(r"<[a-z]+\b[^>]*\bclass=\"(?:[^\"]* )?back(?: [^\"]*)?\"[^>]*>")
ATTRIBUTE = re.compile(r'\s([a-zA-Z_:][-a-zA-Z0-9_:.]*)="')
FACE_UP = re.compile(r'class="card( [^"]*)?"')
BACK_ATTRIBUTES = {"class", "aria-hidden"}
MOVE_LIMIT = 5000


@dataclass(frozen=True)
class Sight:
    """What one viewer may see at one version: the cards hidden from him, and how many cards his
    view shows face up (``None`` when he holds a hand of his own)."""

    hidden: frozenset[str]
    shown: int | None


def sights(table: Table, viewers: Iterable[User]) -> dict[int, Sight]:
    game, kind, state = match_of(table)
    everything = set(CARD.findall(json.dumps(kind.engine.state_to_json(state))))
    seen = {}
    for viewer in viewers:
        seat = game.seat_of(viewer.pk)
        if seat is not None and not kind.in_match(state, seat):
            seat = None
        view = json.dumps(kind.engine.view(state, seat))
        visible = set(CARD.findall(view))
        shown = None if seat is not None else len(visible) + 1  # + Rummy's cut card, face only
        seen[viewer.pk] = Sight(frozenset(everything - visible), shown)
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
    page.update(split_parts(frame))
    if sight.shown is not None:
        assert face_up_cards(page) <= 2 * sight.shown, "more face-up cards than the view shows"


async def play_and_watch(table: Table, players: list[User], spectator: User) -> int:
    """Bots play the table's match to its end; every frame of every socket is checked against
    what its viewer may see at the frame's version. Returns how many frames were checked."""
    viewers = [*players, spectator]
    sockets: dict[int, WebsocketCommunicator] = {
        viewer.pk: await table_socket(table, viewer) for viewer in viewers
    }
    pages: dict[int, dict[str, str]] = {viewer.pk: {} for viewer in viewers}
    by_version = {
        await database_sync_to_async(version_of)(table): await database_sync_to_async(sights)(
            table, viewers
        )
    }
    last_seen: dict[int, int] = {}

    async def check_frames(quiet: float) -> int:
        """Check every frame that arrives until each socket stays quiet for ``quiet`` s."""
        count = 0
        for viewer_id, communicator in sockets.items():
            while not await communicator.receive_nothing(timeout=quiet):
                frame = await communicator.receive_from()
                match = VERSION.search(frame)
                if match is None:
                    continue
                version = int(match.group(1))
                check_frame(frame, by_version[version][viewer_id], pages[viewer_id])
                last_seen[viewer_id] = version
                count += 1
        return count

    checked = 0
    for _ in range(MOVE_LIMIT):
        if not await database_sync_to_async(bot_move)(table):
            break
        version = await database_sync_to_async(version_of)(table)
        by_version[version] = await database_sync_to_async(sights)(table, viewers)
        checked += await check_frames(0)
    checked += await check_frames(QUIET_SECONDS)
    final = await database_sync_to_async(version_of)(table)
    assert last_seen == {viewer.pk: final for viewer in viewers}
    await close_all(*sockets.values())
    return checked


async def test_a_whole_rummy_match_shows_nobody_a_card_he_may_not_see(
    ana: User, bruno: User, carmen: User
) -> None:
    table = await database_sync_to_async(start_match)([ana, bruno], seat_count=2)

    checked = await play_and_watch(table, [ana, bruno], carmen)

    game, kind, state = await database_sync_to_async(match_of)(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None
    assert checked > 100


async def test_a_whole_golfo_freezeout_shows_nobody_a_card_he_may_not_see(
    ana: User, bruno: User, carmen: User, make_user
) -> None:
    """Short stacks (set on the table below the form's minimum) so that two players bust and
    watch the rest of the match as spectators."""
    dario = await database_sync_to_async(make_user)("Darío")
    options = {"starting_stack": 40, "ante": 10, "min_bet": 10, "rebuy": "freezeout"}
    table = await database_sync_to_async(short_stacked_golfo)([ana, bruno, carmen], options)

    checked = await play_and_watch(table, [ana, bruno, carmen], dario)

    game, kind, state = await database_sync_to_async(match_of)(table)
    assert game.status == Game.Status.FINISHED and state.winner is not None
    assert sum(player.eliminated for player in state.players) == 2
    assert checked > 50


def short_stacked_golfo(players: list[User], options: dict[str, object]) -> Table:
    table = open_table(players[0], game=Table.GameKind.GOLFO, seat_count=4)
    Table.objects.filter(pk=table.pk).update(options=options)
    for position, user in enumerate(players[1:], start=1):
        services.sit(table_id=table.pk, user=user, position=position)
    return services.start_table(table_id=table.pk, by=players[0])
