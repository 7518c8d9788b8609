"""What each person may not do is not offered (issue 15, point 8), as the browser shows it: a
spectator sees no input for the players' chat nor the turn alerts' switches, nobody sees the
table's version number, and a guest's header fits a 390 px phone."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import PHONE, create_table, join_as_guest, sign_up
from tests.e2e.games import seat_table, start_game

pytestmark = pytest.mark.e2e

# The header's names, links, badges and controls that stick out of the window or whose words
# break across lines.
MISFITS = """() => [...document.querySelectorAll(
    ".site-header a, .site-header button, .site-header select, .site-header .badge")]
  .filter((element) => {
    const box = element.getBoundingClientRect();
    const words = document.createRange();
    words.selectNodeContents(element);
    const lines = new Set([...words.getClientRects()].map((line) => Math.round(line.top)));
    return box.left < 0 || box.right > window.innerWidth + 0.5 || lines.size > 1;
  })
  .map((element) => element.id || element.className || element.tagName)"""


def test_a_spectator_sees_no_players_chat_input_nor_a_version(
    open_person: Callable[..., Page],
) -> None:
    table = seat_table(open_person, "rummy70", ["Ana", "Bruno"])
    ana, bruno = table.players
    spectator = open_person()
    sign_up(spectator, "Dani")
    spectator.goto(f"/tables/{table.id}/")
    start_game(ana, [ana, bruno, spectator])

    expect(ana.locator("#chat-players-form input[name=text]")).to_be_visible()
    expect(spectator.locator("#chat-players")).to_be_visible()
    expect(spectator.locator("#chat-players-form input[name=text]")).to_have_count(0)
    expect(spectator.locator("#chat-players-form")).to_be_hidden()
    expect(spectator.locator("#chat-spectators-form input[name=text]")).to_be_visible()
    expect(ana.locator("#sound-switch")).to_be_visible()
    expect(spectator.locator("#turn-alerts")).to_be_hidden()
    for page in (ana, spectator):
        expect(page.get_by_text(re.compile(r"Versi[oó]n"))).to_have_count(0)
        expect(page.locator("#table-version")).not_to_have_attribute("data-version", "")


def test_a_guests_header_fits_a_phone(open_person: Callable[..., Page]) -> None:
    host = open_person()
    sign_up(host, "Carmen")
    create_table(host, visibility="private")
    invite_link = host.locator("input#invite-link").input_value()
    guest = open_person(viewport=PHONE, is_mobile=True)

    join_as_guest(guest, invite_link)
    for path in (invite_link, "/"):
        guest.goto(path)
        expect(guest.locator("#claim-link")).to_be_visible()
        assert guest.evaluate(MISFITS) == [], path
        width = guest.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], path
