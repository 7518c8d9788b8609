"""The leak test for the tables the house banks: a coup of Monte, of the three-bet stud and of Pai
Gow Poker, dealt from a fixed deck and played through the services, while both players, a
spectator and an anonymous visitor read the table page (in Spanish and in English) and every
frame of their sockets. Nobody sees a card the coup still hides from him: Pai Gow's bank's seven
and another player's seven before the showdown, the stud's common cards before they are turned
and another player's three before the hand is over, Monte's stock ever. A card is caught by its
code and by its name in either language (``tests.support.house_coups``)."""

import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from games.models import User
from tests.support.house_coups import (
    COUPS,
    LANGUAGES,
    VIEWERS,
    Coup,
    client_of,
    leaked,
    phase_of,
    play_step,
    seated_pair,
    shows,
)
from tests.support.live import close_all, table_socket
from tests.support.matches import version_of
from tests.support.sockets import QUIET_SECONDS, RECEIVE_SECONDS

pytestmark = pytest.mark.django_db(transaction=True)

VERSION = re.compile(r'id="table-version" data-version="(\d+)"')
INVITE_LINK = re.compile(r'(id="invite-link"[^>]*value=")[^"]*"')


def table_page(table_url: str, user: User | None, language: str) -> str:
    response = client_of(user, language).get(table_url)
    assert response.status_code == 200
    return response.content.decode()


def check_pages(coup: Coup, table_url: str, viewers: dict[str, User | None], phase: str) -> None:
    """The host's page holds the table's invite link, whose random token may spell a card's code
    between two of its dashes (``…-AE_…``) by chance: the link is no card, and is not searched."""
    for name, user in viewers.items():
        for language in LANGUAGES:
            page = INVITE_LINK.sub(r'\1"', table_page(table_url, user, language))
            hidden = coup.hidden[phase][name]
            assert not leaked(page, hidden), f"{name}'s page ({language}, {phase}) shows them"
            if phase not in ("betting", "primeras"):
                own = coup.own.get(name, frozenset())
                assert all(shows(page, face) for face in own), f"{name} misses his own cards"


async def frames_of(communicator: WebsocketCommunicator, version: int) -> list[str]:
    """Every frame the socket sends until it has shown ``version`` and then falls quiet: a socket
    on a busy machine may pause between two frames longer than the quiet moment."""
    frames = [await communicator.receive_from(timeout=RECEIVE_SECONDS)]
    while version not in versions_in(frames) or not await communicator.receive_nothing(
        timeout=QUIET_SECONDS
    ):
        frames.append(await communicator.receive_from(timeout=RECEIVE_SECONDS))
    return frames


def versions_in(frames: list[str]) -> list[int]:
    return [int(found.group(1)) for frame in frames if (found := VERSION.search(frame))]


@pytest.mark.parametrize("game", sorted(COUPS))
async def test_a_house_coup_shows_nobody_a_card_it_hides_from_him(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    coup = COUPS[game]
    players = {"ana": ana, "bruno": bruno}
    viewers: dict[str, User | None] = {**players, "carmen": carmen, "anonymous": None}
    with override_settings(CARDROOM_DEALS={game: coup.deal}):
        table = await database_sync_to_async(seated_pair)(coup, ana, bruno)
    url = table.get_absolute_url()
    sockets = {
        name: await table_socket(table, user, language=LANGUAGES[index % 2])
        for index, (name, user) in enumerate(viewers.items())
    }
    version = await database_sync_to_async(version_of)(table)
    phase = await database_sync_to_async(phase_of)(table)
    phases = {version: phase}
    frames: dict[str, list[str]] = {name: [] for name in VIEWERS}
    await database_sync_to_async(check_pages)(coup, url, viewers, phase)

    for step in coup.steps:
        await database_sync_to_async(play_step)(table, step, players)
        latest = await database_sync_to_async(version_of)(table)
        phase = await database_sync_to_async(phase_of)(table)
        phases.update(dict.fromkeys(range(version + 1, latest + 1), phase))
        version = latest
        await database_sync_to_async(check_pages)(coup, url, viewers, phase)
        for name, communicator in sockets.items():
            frames[name] += await frames_of(communicator, version)

    assert phase == list(coup.hidden)[-1], "the coup is not over"
    for name, received in frames.items():
        assert version in versions_in(received), f"{name}'s socket never showed the coup's end"
        for frame in received:
            found = VERSION.search(frame)
            if found is None:
                continue
            at = phases[int(found.group(1))]
            assert not leaked(frame, coup.hidden[at][name]), f"{name}'s frame ({at}) shows them"
    await close_all(*sockets.values())


@pytest.mark.parametrize("game", sorted(COUPS))
async def test_the_showdown_shows_everyone_the_cards_the_coup_hid(
    ana: User, bruno: User, carmen: User, game: str
) -> None:
    """The other side of the leak test: once the coup is over, the cards it hid from the
    spectator are on his page and in his socket's frames, so the test above would see them."""
    coup = COUPS[game]
    players = {"ana": ana, "bruno": bruno}
    with override_settings(CARDROOM_DEALS={game: coup.deal}):
        table = await database_sync_to_async(seated_pair)(coup, ana, bruno)
    communicator = await table_socket(table, carmen)
    for step in coup.steps:
        await database_sync_to_async(play_step)(table, step, players)
    final = await database_sync_to_async(version_of)(table)
    frames = await frames_of(communicator, final)
    page = await database_sync_to_async(table_page)(table.get_absolute_url(), carmen, "es")

    hidden_then = (
        coup.hidden[list(coup.hidden)[0]]["carmen"] - coup.hidden[list(coup.hidden)[-1]]["carmen"]
    )
    assert hidden_then and all(shows(page, face) for face in hidden_then)
    showdown = next(frame for frame in frames if versions_in([frame]) == [final])
    assert all(shows(showdown, face) for face in hidden_then)
    await close_all(communicator)
