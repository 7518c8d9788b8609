"""What players do at a started game, through the hooks of docs/ui-contract.md: sit a table of
people, then click cards and buttons as they would. The deals are fixed by `deals/games.json`."""

from collections.abc import Callable
from typing import NamedTuple

from playwright.sync_api import Locator, Page, expect

from tests.e2e.actions import (
    PUBLIC_TABLE_URL,
    SCREENSHOTS,
    listen,
    phone_tab,
    set_field,
    sign_up,
    sit_in_free_seat,
    table_id,
)

MOVE_TIMEOUT_MS = 10_000


class Table(NamedTuple):
    id: str
    players: list[Page]
    names: list[str]


def seat_table(
    open_person: Callable[..., Page], game: str, names: list[str], *, clock: str = "0"
) -> Table:
    """Signs each person up; the first creates a public table of that game with a seat for each
    (and that turn clock, in seconds) and sits at it, the others sit in table order."""
    pages = [open_person() for _ in names]
    shown_names = [sign_up(page, name) for page, name in zip(pages, names, strict=True)]
    host = pages[0]
    host.goto("/")
    host.click("a#create-table")
    set_field(host, "game", game)
    set_field(host, "seats", str(len(names)))
    set_field(host, "visibility", "public")
    set_field(host, "clock", clock)
    host.click("#create-table-submit")
    host.wait_for_url(PUBLIC_TABLE_URL)
    table = table_id(host)
    for page in pages[1:]:
        page.goto(f"/tables/{table}/")
        sit_in_free_seat(page)
    for page in pages:
        listen(page)
    return Table(table, pages, shown_names)


def start_game(host: Page, pages: list[Page]) -> None:
    """The host starts the game; every page shows its players once the first hand is dealt."""
    host.click("#start-table")
    for page in pages:
        expect(page.locator("#rummy-players, #golfo-seats")).to_be_visible()


def wait_for_dealt_hands(pages: list[Page]) -> None:
    """Waits for every player's Rummy 70 hand on a table dealt at random: when the cut turned up a
    joker (one deal in about fifty), the cutter keeps it, and the hands are dealt then."""
    for page in pages:
        expect(page.locator("#rummy-hand")).to_be_visible()
    for page in pages:
        if page.locator("#rummy-keep-cut").count():
            page.click("#rummy-keep-cut")
    for page in pages:
        expect(page.locator("#rummy-hand .card").first).to_be_visible()


def version(page: Page) -> str:
    return page.locator("#table-version").get_attribute("data-version") or ""


def assert_version_unchanged(page: Page, before: str) -> None:
    expect(page.locator("#table-version")).to_have_attribute("data-version", before)


def on_a_phone(open_person: Callable[..., Page], player: Page) -> Page:
    """The same player's table in a second tab, on a 390x844 phone: a seated user gets his
    player view in every tab."""
    phone = phone_tab(open_person, player)
    phone.goto(player.url)
    listen(phone)
    expect(phone.locator("#table-version")).to_have_attribute("data-version", version(player))
    return phone


def screenshot(page: Page, name: str, around: str) -> None:
    """What the window shows once the part `around` is scrolled to its top (the move controls
    stick to the bottom of the window, so a whole-page shot would lay them over the page)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(around).evaluate("part => part.scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / f"{name}.png")


# Rummy 70


def hand_card(page: Page, face: str) -> Locator:
    return page.locator(f'#rummy-hand .hand-cards button.card[data-face="{face}"]')


def hand_faces(page: Page) -> list[str]:
    cards = page.locator("#rummy-hand .hand-cards button.card")
    return [card.get_attribute("data-face") or "" for card in cards.all()]


def meld_with(page: Page, face: str) -> Locator:
    """The meld on the table that holds this card (a face held twice in two decks is avoided by
    the fixed deal)."""
    return page.locator(f'#rummy-melds .meld[data-faces~="{face}"]')


def select(page: Page, *faces: str) -> None:
    for face in faces:
        card = hand_card(page, face)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")


def stage(page: Page, *faces: str) -> None:
    select(page, *faces)
    page.click("#rummy-hand .stage-button")


def draw(page: Page) -> None:
    """Waits for the player's turn and draws from the stock."""
    expect(page.locator("#rummy-draw")).to_be_visible(timeout=MOVE_TIMEOUT_MS)
    page.click("#rummy-draw")
    expect(page.locator("#rummy-discard")).to_be_visible()


def discard(page: Page, face: str) -> None:
    select(page, face)
    page.click("#rummy-discard")
    expect(page.locator("#rummy-discard")).to_have_count(0)


def draw_and_throw(page: Page, drawn: str) -> None:
    """A quiet turn: draw a card from the stock and throw that same card."""
    draw(page)
    expect(hand_card(page, drawn)).to_be_visible()
    discard(page, drawn)


def open_with(page: Page, *melds: str, total: int) -> None:
    """Stages each meld (faces separated by spaces), checks the running total and opens."""
    for meld in melds:
        stage(page, *meld.split())
    expect(page.locator("#rummy-hand .staged-total")).to_contain_text(f"{total} / 70")
    page.click("#rummy-open")
    expect(page.locator("#rummy-hand .staged-meld")).to_have_count(0)
    for meld in melds:
        expect(meld_with(page, meld.split()[0])).to_have_count(1)


def lay_off(page: Page, face: str, on: str) -> None:
    """Lays a card off on the meld that holds the face `on`."""
    select(page, face)
    meld_with(page, on).click()
    expect(meld_with(page, on).and_(meld_with(page, face))).to_have_count(1)


# Golfo


def golfo_card(page: Page, label: str) -> Locator:
    return page.locator(f'#golfo-hand .card[aria-label="{label}"]')


def golfo_turn(page: Page) -> None:
    expect(page.locator("#golfo-controls.is-your-turn")).to_be_visible(timeout=MOVE_TIMEOUT_MS)


def golfo_move(page: Page, button: str) -> None:
    """Waits for the player's turn and clicks one of his move buttons (`#golfo-pass`...)."""
    golfo_turn(page)
    page.click(button)
    expect(page.locator("#golfo-controls.is-your-turn")).to_have_count(0)


def golfo_bet_least(page: Page) -> int:
    """Bets the least the bet form allows and returns it."""
    golfo_turn(page)
    amount = page.locator("form#golfo-bet input[name=amount]")
    least = int(amount.get_attribute("min") or "0")
    amount.fill(str(least))
    page.click("#golfo-bet-submit")
    expect(page.locator("#golfo-controls.is-your-turn")).to_have_count(0)
    return least


def golfo_discard(page: Page, *labels: str) -> None:
    """Picks these cards (none: keeps them all) and sends the discard."""
    golfo_turn(page)
    picked = page.locator("#golfo-hand input[data-golfo-pick]:checked")
    for count, label in enumerate(labels, start=1):
        card = page.locator(f'.card[aria-label="{label}"]')
        page.locator("#golfo-hand label.card-pick").filter(has=card).click()
        expect(picked).to_have_count(count)
    page.click("#golfo-discard-submit")
    expect(page.locator("#golfo-controls.is-your-turn")).to_have_count(0)
