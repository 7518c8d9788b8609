"""Screenshots of the lobby and of a table page with two players seated (whole pages), and of the
same table once the game has started (the first screen a player sees, unscrolled: the game is on
one screen), at desktop size and on a 390x844 phone, written to artifacts/screenshots/ for a
person to look at."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import (
    SCREENSHOTS,
    create_table,
    lobby_row,
    phone_tab,
    seat_of,
    sign_up,
    sit_in_free_seat,
    table_id,
)
from tests.e2e.games import wait_for_dealt_hands

pytestmark = pytest.mark.e2e


def shoot(page: Page, table: str, size: str) -> None:
    page.goto("/")
    expect(lobby_row(page, table)).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"lobby-{size}.png", full_page=True)
    page.goto(f"/tables/{table}/")
    expect(page.locator("#seats .seat-player").first).to_be_visible()
    page.screenshot(path=SCREENSHOTS / f"table-{size}.png", full_page=True)


def test_lobby_and_table_screenshots(open_person: Callable[..., Page]) -> None:
    host = open_person()
    guest = open_person()
    sign_up(host, "Dolores")
    create_table(host, visibility="public")
    table = table_id(host)
    guest_name = sign_up(guest, "Esteban")
    guest.goto(f"/tables/{table}/")
    sit_in_free_seat(guest)
    expect(seat_of(host, guest_name)).to_have_count(1)

    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shoot(host, table, "desktop")
    phone = phone_tab(open_person, host)
    shoot(phone, table, "phone")

    host.click("#start-table")
    wait_for_dealt_hands([host, guest])
    for page, size in ((host, "desktop"), (phone, "phone")):
        page.goto(f"/tables/{table}/")
        expect(page.locator("#rummy-hand .card").first).to_be_visible()
        page.screenshot(path=SCREENSHOTS / f"game-{size}.png")
