"""What a person does on the site, step by step, through the hooks of docs/ui-contract.md."""

import re
from collections.abc import Callable
from pathlib import Path
from uuid import uuid4

from playwright.sync_api import Locator, Page, ViewportSize, expect

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}

PASSWORD = "Sota-de-Oros-1970"
PUBLIC_TABLE_URL = re.compile(r"/tables/\d+/$")
PRIVATE_TABLE_URL = re.compile(r"/t/[^/]+/$")
TABLE_SOCKET_URL = re.compile(r"/ws/tables/(\d+)/$")


def unique(name: str) -> str:
    return f"{name} {uuid4().hex[:6]}"


def sign_up(page: Page, name: str) -> str:
    """Signs a new user up and returns the display name the site shows for him."""
    display_name = unique(name)
    page.goto("/accounts/signup/")
    page.fill("[name=username]", display_name.replace(" ", "_").lower())
    page.fill("[name=display_name]", display_name)
    page.fill("[name=password1]", PASSWORD)
    page.fill("[name=password2]", PASSWORD)
    page.click("#signup-submit")
    expect(page.locator("#user-menu")).to_contain_text(display_name)
    return display_name


def set_field(page: Page, name: str, value: str) -> None:
    """Sets a form field whatever its widget: a select, radio buttons or a text input."""
    field = page.locator(f"[name={name}]")
    widget = field.first.evaluate("element => element.type")
    if widget.startswith("select"):
        field.select_option(value)
    elif widget == "radio":
        page.check(f"[name={name}][value={value}]")
    else:
        field.fill(value)


def create_table(page: Page, *, visibility: str, seats: str = "4") -> None:
    """Creates a Rummy 70 table from the lobby and waits for its page."""
    page.goto("/")
    page.click("a#create-table")
    set_field(page, "game", "rummy70")
    set_field(page, "seats", seats)
    set_field(page, "visibility", visibility)
    set_field(page, "clock", "0")
    page.click("#create-table-submit")
    page.wait_for_url(PUBLIC_TABLE_URL if visibility == "public" else PRIVATE_TABLE_URL)


def table_id(page: Page) -> str:
    """The id of the table whose page is open, read from its websocket address."""
    socket_url = page.locator("[ws-connect]").get_attribute("ws-connect") or ""
    match = TABLE_SOCKET_URL.search(socket_url)
    assert match, f"no table websocket on {page.url}"
    return match.group(1)


def socket_open(page: Page) -> None:
    """Waits until the page's websocket is open. The condition is a function: Playwright polls a
    bare expression with `eval`, which the page's CSP forbids."""
    page.wait_for_function("() => window.cardroomOpenSockets > 0")


def listen(page: Page) -> None:
    """Waits until the page's websocket is open, then marks the window: a reload would lose the
    mark, so `assert_not_reloaded` tells that what changed came over the socket."""
    socket_open(page)
    page.evaluate("window.cardroomNotReloaded = true")


def assert_not_reloaded(page: Page) -> None:
    assert page.evaluate("window.cardroomNotReloaded === true"), "the page was reloaded"


def lobby_row(page: Page, table: str) -> Locator:
    return page.locator(f'#lobby-tables [data-table-id="{table}"]')


def seats_taken(row: Locator) -> int:
    taken, _total = row.locator(".table-seats").inner_text().split("/")
    return int(taken)


def sit_in_free_seat(page: Page) -> Locator:
    """Once the page's websocket is open, sits in the first free seat and returns that seat once
    it shows a player."""
    socket_open(page)
    seat = page.locator("#seats [data-seat]").filter(has=page.locator("button.sit")).first
    number = seat.get_attribute("data-seat")
    seat.locator("button.sit").click()
    seated = page.locator(f'#seats [data-seat="{number}"]')
    expect(seated.locator(".seat-player")).to_be_visible()
    return seated


def seat_of(page: Page, name: str) -> Locator:
    return page.locator("#seats [data-seat]").filter(
        has=page.locator(".seat-player", has_text=name)
    )


def join_as_guest(page: Page, invite_link: str) -> str:
    """Opens an invite link with no account, picks a nickname and returns it once signed in."""
    page.goto(invite_link)
    expect(page.locator("#user-menu a#signup")).to_be_visible()
    nickname = unique("Invitado")
    page.fill("form#guest-form [name=nickname]", nickname)
    page.click("#guest-submit")
    expect(page.locator("#user-menu")).to_contain_text(nickname)
    return nickname


def log_in(page: Page, username: str, display_name: str) -> None:
    page.goto("/accounts/login/")
    page.fill("[name=username]", username)
    page.fill("[name=password]", PASSWORD)
    page.click("#login-submit")
    expect(page.locator("#user-menu")).to_contain_text(display_name)


def phone_tab(open_person: Callable[..., Page], person: Page) -> Page:
    """A new 390x844 phone tab signed in as ``person`` (same cookies), not yet on any page."""
    return open_person(
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
        storage_state=person.context.storage_state(),
    )
