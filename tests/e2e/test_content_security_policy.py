"""The pages keep to their Content-Security-Policy (no inline script, style or eval): the browser
reports no violation on the lobby, a table, a started game and the create-a-table form, while the
live updates keep arriving over the websockets."""

from collections.abc import Callable

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.e2e.actions import (
    create_table,
    listen,
    lobby_row,
    seat_of,
    sign_up,
    sit_in_free_seat,
    table_id,
)
from tests.e2e.games import wait_for_dealt_hands

pytestmark = pytest.mark.e2e

WATCH_VIOLATIONS = """
window.cardroomViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cardroomViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


def watched(open_person: Callable[..., Page], console: list[str]) -> Page:
    page = open_person()
    page.add_init_script(WATCH_VIOLATIONS)

    def note(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            console.append(message.text)

    page.on("console", note)
    return page


def violations(page: Page) -> list[str]:
    return list(page.evaluate("window.cardroomViolations || []"))


def test_no_page_breaks_its_content_security_policy(open_person: Callable[..., Page]) -> None:
    console: list[str] = []
    host = watched(open_person, console)
    guest = watched(open_person, console)

    sign_up(host, "Olga")
    create_table(host, visibility="public")
    table = table_id(host)
    assert violations(host) == []
    guest_name = sign_up(guest, "Pablo")
    guest.goto("/")
    listen(guest)
    expect(lobby_row(guest, table)).to_be_visible()
    assert violations(guest) == []

    guest.goto(f"/tables/{table}/")
    listen(guest)
    sit_in_free_seat(guest)
    expect(seat_of(host, guest_name)).to_have_count(1)
    host.click("#start-table")
    wait_for_dealt_hands([host, guest])
    for page in (host, guest):
        assert violations(page) == []

    host.goto("/tables/new/")
    host.select_option("[name=game]", "golfo")
    expect(host.locator('.game-options[data-game="golfo"]')).to_be_visible()
    assert violations(host) == []
    assert console == []
