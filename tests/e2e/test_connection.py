"""The connection as a player feels it, at a started Rummy 70 table (fixed deal: Ana plays first).

- Her browser goes offline for a few seconds: the context offline, and her connection to the site
  cut (`tests/e2e/cable.py`: Chromium's offline emulation alone leaves an open websocket
  working). A banner says "Reconectando…", the move buttons are disabled, and a move sent
  meanwhile is not sent on reconnect. Back online the banner goes and the whole view is back.
- She double-clicks "Robar del mazo": one card drawn, no refusal shown.
- The lobby shows the same banner while its socket is down."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import SCREENSHOTS, listen
from tests.e2e.cable import Cable, cable_to
from tests.e2e.games import assert_version_unchanged, hand_faces, seat_table, start_game, version

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Carla"]
OFFLINE_MS = 3_000
RECONNECT_MS = 20_000
DEALT_CARDS = 14


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


def ana_on_turn(open_person: Callable[..., Page]) -> tuple[Page, Page]:
    table = seat_table(open_person, "rummy70", PLAYERS)
    ana, bruno, carla = table.players
    start_game(ana, [ana, bruno, carla])
    expect(ana.locator("#rummy-draw")).to_be_enabled()
    return ana, bruno


def test_offline_shows_a_banner_disables_moves_and_sends_nothing_later(
    open_person: Callable[..., Page], site_url: str
) -> None:
    ana, bruno = ana_on_turn(open_person)
    with cable_to(site_url) as cable:
        ana.goto(cable.url + ana.url.removeprefix(site_url))
        listen(ana)
        expect(ana.locator("#rummy-draw")).to_be_enabled()
        offline_for_a_while(ana, bruno, cable)


def offline_for_a_while(ana: Page, bruno: Page, cable: Cable) -> None:
    before = version(ana)
    banner = ana.locator("#connection-banner")
    expect(banner).to_be_hidden()

    ana.context.set_offline(True)
    cable.pull()
    expect(banner).to_be_visible()
    expect(banner).to_have_text("Reconectando…")
    expect(ana.locator("#rummy-draw")).to_be_disabled()
    expect(ana.locator("#chat-players-form button")).to_be_disabled()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ana.screenshot(path=SCREENSHOTS / "rummy70-reconnecting.png")
    # A move that still gets sent while offline (as a click would if the button were not held).
    ana.locator("#rummy-draw").evaluate("button => button.form.requestSubmit()")
    ana.wait_for_timeout(OFFLINE_MS)
    ana.context.set_offline(False)
    cable.plug()

    expect(banner).to_be_hidden(timeout=RECONNECT_MS)
    expect(ana.locator("#rummy-draw")).to_be_enabled()
    expect(ana.locator("#rummy-players .rummy-seat")).to_have_count(len(PLAYERS))
    ana.wait_for_timeout(1_000)
    assert_version_unchanged(ana, before)
    assert_version_unchanged(bruno, before)
    assert len(hand_faces(ana)) == DEALT_CARDS
    expect(ana.locator("#table-message")).to_be_empty()


def test_a_double_click_on_a_move_is_one_move_and_no_refusal(
    open_person: Callable[..., Page],
) -> None:
    ana, bruno = ana_on_turn(open_person)
    before = int(version(ana))

    ana.locator("#rummy-draw").dblclick()

    expect(ana.locator("#rummy-discard")).to_be_visible()
    expect(bruno.locator("#table-version")).to_have_attribute("data-version", str(before + 1))
    ana.wait_for_timeout(1_000)
    expect(ana.locator("#table-version")).to_have_attribute("data-version", str(before + 1))
    assert len(hand_faces(ana)) == DEALT_CARDS + 1
    expect(ana.locator("#table-message")).to_be_empty()


def test_the_lobby_shows_the_banner_while_its_socket_is_down(
    open_person: Callable[..., Page], site_url: str
) -> None:
    visitor = open_person()
    with cable_to(site_url) as cable:
        visitor.goto(cable.url + "/")
        listen(visitor)
        banner = visitor.locator("#connection-banner")
        expect(banner).to_be_hidden()

        visitor.context.set_offline(True)
        cable.pull()
        expect(banner).to_be_visible()
        visitor.context.set_offline(False)
        cable.plug()

        expect(banner).to_be_hidden(timeout=RECONNECT_MS)
        expect(visitor.locator("#lobby-tables")).to_be_visible()
