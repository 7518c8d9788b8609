"""The lobby that seats you, in a browser at 1366x900 and on a 390x844 phone: "Jugar ahora" seats
a signed-in player and, through the guest page, an anonymous visitor at the same open table; the
lobby then marks that table "Volver a tu mesa" at the top for its players, names who sits there
and who is online, and both the play buttons and the mark are on screen without scrolling.
Screenshots go to artifacts/screenshots/lobby-*.png."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.actions import PHONE, PUBLIC_TABLE_URL, SCREENSHOTS, sign_up, table_id, unique

pytestmark = pytest.mark.e2e

WIDE: ViewportSize = {"width": 1366, "height": 900}


def play_now(page: Page, game: str) -> None:
    page.goto("/")
    page.click(f'.play-now-button[data-game="{game}"]')


def check_lobby(page: Page, table: str, names: list[str], size: str) -> None:
    page.goto("/")
    play = page.locator('.play-now-button[data-game="golfo"]')
    mine = page.locator(f'#lobby-tables .table-mine[data-table-id="{table}"]')
    back = mine.locator(".back-link")
    expect(back).to_have_text("Volver a tu mesa")
    expect(mine.locator(".watch-link")).to_have_count(0)
    for name in names:
        expect(mine.locator(".table-players")).to_contain_text(name)
        expect(page.locator("#lobby-online .online-names")).to_contain_text(name.split()[0])
    expect(play).to_be_in_viewport(ratio=1)
    expect(back).to_be_in_viewport(ratio=1)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"lobby-{size}.png")


def test_play_now_seats_a_player_and_a_guest_and_the_lobby_marks_their_table(
    open_person: Callable[..., Page],
) -> None:
    host = open_person(viewport=WIDE)
    host_name = sign_up(host, "Rocío")
    play_now(host, "golfo")
    host.wait_for_url(PUBLIC_TABLE_URL)
    table = table_id(host)

    visitor = open_person(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    play_now(visitor, "golfo")
    visitor.wait_for_url("**/accounts/guest/?next=/play/golfo/")
    guest_name = unique("Lola")
    visitor.fill("#guest-nickname", guest_name)
    visitor.click("#guest-submit")
    visitor.wait_for_url("**/play/golfo/")
    visitor.click(".play-now-button")
    visitor.wait_for_url(PUBLIC_TABLE_URL)
    assert table_id(visitor) == table

    check_lobby(host, table, [host_name, guest_name], "1366")
    check_lobby(visitor, table, [host_name, guest_name], "390")
