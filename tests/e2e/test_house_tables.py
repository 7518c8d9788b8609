"""A hand of each house-banked game in the browser (issue 18, point 6), at 1366x900 and on a
390x844 phone: a signed-up player creates a Monte, three-bet stud or Pai Gow Poker table from the
lobby (the table deals its first coup at once, no start button), sees his wallet's 1000 welcome
chips in the page header and on his seat, bets from the screen's controls (Monte: a chip value
picked under the cloth, then a tap on a bet's spot on it), ends his betting
(Monte: "done" in Primeras and in Segundas; the stud: a bet withdrawn and one left to ride; Pai
Gow: his two-card hand picked, or the house way), and sees the coup settled with what he won and
his seat's wallet moved by exactly that, every change brought by the table's socket (the page is
never reloaded). On his move the controls lie inside the window, unscrolled, at both sizes.

The deals are fixed (`CARDROOM_DEALS`), so every result is known: a Cartas bet of 10 that wins
its 10 less the tenth the house levies on the first card drawn (+9), three aces in the stud with
two bets of 10 still in play at 3 to 1 (+60), and four aces over a pair of kings against the
bank's nothing at Pai Gow, 20 less a commission of 1 (+19). The player closes every window
himself, so no clock needs to run out; the pause after a settled coup is long enough that the
result stays on the table while the test reads it."""

import json
import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from tests.e2e.actions import (
    ARTIFACTS,
    PHONE,
    PUBLIC_TABLE_URL,
    SCREENSHOTS,
    assert_not_reloaded,
    listen,
    set_field,
    sign_up,
)
from tests.e2e.conftest import running_site
from tests.e2e.test_one_screen import COVERED, NOTE_FRAMES, QUIET, WIDE

pytestmark = pytest.mark.e2e

WELCOME_CHIPS = 1000
DEALS = {
    # The grid (first, second, third, fourth card), then the cards drawn: the ace of cups matches
    # the first card in Primeras, the three of cups the third in Segundas.
    "monte": {"seed": "e2e-monte", "decks": {"1": "AO 2C 3E 4B AC 3C"}},
    # The player's three cards and the two common cards: three aces.
    "stud": {"seed": "e2e-stud", "decks": {"1": {"hands": ["AO AC 2E"], "common": "AE 7B"}}},
    # The player's seven cards (four aces, two kings, a two), then the bank's (no pair).
    "paigow": {"seed": "e2e-paigow", "decks": {"1": "AO AC AE AB KO KC 2E 3O 5C 7E 9B JO 4C 8E"}},
}
SIZES = {"desktop": WIDE, "phone": PHONE}


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site of its own, dealing the fixed coups above, whose settled coup stays on the table
    for ten minutes before the next is dealt."""
    folder = tmp_path_factory.mktemp("house-site")
    deals = folder / "deals.json"
    deals.write_text(json.dumps(DEALS))
    with running_site(
        folder,
        ARTIFACTS / "e2e-house-server.log",
        CARDROOM_DEALS=str(deals),
        CARDROOM_HOUSE_PAUSE_SECONDS="600",
    ) as url:
        yield url


def player_at(open_person: Callable[..., Page], size: ViewportSize) -> Page:
    """A new person's page of this size (a phone: touch, twice the pixels), signed up."""
    phone = size == PHONE
    page = open_person(
        viewport=size, device_scale_factor=2 if phone else 1, is_mobile=phone, has_touch=phone
    )
    page.context.add_init_script(NOTE_FRAMES)
    sign_up(page, "Amparo")
    return page


def open_house_table(page: Page, game: str) -> None:
    """Creates a public table of the game from the lobby with its shortest clock, and waits until
    the page listens to the table and its socket's first frames have landed."""
    page.goto("/")
    page.click("a#create-table")
    set_field(page, "game", game)
    set_field(page, "visibility", "public")
    set_field(page, "clock", "30")
    page.click("#create-table-submit")
    page.wait_for_url(PUBLIC_TABLE_URL)
    listen(page)
    page.wait_for_function(QUIET)


def assert_header_wallet(page: Page, chips: int) -> None:
    """The page header shows the player's wallet holding these chips ("990 fichas")."""
    expect(page.locator("#wallet-chips")).to_have_text(re.compile(rf"^\s*{chips}\D"))


def controls_outside_window(page: Page, controls: str) -> list[str]:
    """With the page at its top, each visible control of the player's move that does not lie
    wholly inside the window or that something else lies over; the page must not scroll
    sideways."""
    page.evaluate("() => window.scrollTo(0, 0)")
    size = page.viewport_size
    assert size is not None
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    buttons = page.locator(controls).filter(visible=True)
    expect(buttons.first).to_be_visible()
    outside = []
    for number, button in enumerate(buttons.all()):
        box = button.bounding_box()
        assert box is not None, f"{controls} #{number} is not shown"
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5
        )
        if not inside:
            outside.append(f"{controls} #{number} at y={box['y']:.0f}")
    return outside + page.evaluate(COVERED, controls)


def assert_controls_fitted(size: ViewportSize, outside: list[str]) -> None:
    """Every control of the player's moves was inside the window."""
    assert outside == [], f"outside the {size['width']}x{size['height']} window: {outside}"


SPILLING_OUT = """(selector) => {
  const spilling = [];
  for (const seat of document.querySelectorAll(selector)) {
    const edge = seat.getBoundingClientRect();
    const style = getComputedStyle(seat);
    const left = edge.left + parseFloat(style.paddingLeft);
    const right = edge.right - parseFloat(style.paddingRight);
    for (const shown of seat.querySelectorAll(".card, .paigow-category")) {
      const box = shown.getBoundingClientRect();
      if (box.left < left - 0.5 || box.right > right + 0.5) {
        spilling.push(`${shown.className} in seat ${seat.dataset.paigowSeat}`);
      }
    }
  }
  return spilling;
}"""


def spilling_out_of_seats(page: Page, seats: str) -> list[str]:
    """The cards and hand names drawn past a side of the seat that shows them (into its padding,
    or out of it)."""
    spilling: list[str] = page.evaluate(SPILLING_OUT, seats)
    return spilling


def screenshot(page: Page, game: str, size: ViewportSize) -> None:
    """What the window shows at the top of the page, for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => window.scrollTo(0, 0)")
    name = "phone" if size == PHONE else "desktop"
    page.screenshot(path=SCREENSHOTS / f"house-{game}-{name}.png")


# Monte


MONTE_CONTROLS = "#monte-controls button, #monte-amount, #monte-layout button"
"""The player's betting controls: the spots on the cloth, his stake and "done"."""


def monte_balance(page: Page) -> Locator:
    return page.locator("#monte-seats .monte-seat.is-viewer .monte-balance-amount")


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_a_monte_coup(open_person: Callable[..., Page], size: ViewportSize) -> None:
    player = player_at(open_person, size)
    open_house_table(player, "monte")
    assert_header_wallet(player, WELCOME_CHIPS)
    expect(monte_balance(player)).to_have_text(str(WELCOME_CHIPS))
    expect(player.locator("#monte-layout.phase-primeras .monte-cell .card.face")).to_have_count(4)
    countdown = player.locator("#monte-layout .countdown[data-deadline]")
    expect(countdown).to_have_text(re.compile(r"^\d+ s$"))
    expect(countdown).not_to_have_text(countdown.inner_text(), timeout=3000)  # it ticks

    outside = controls_outside_window(player, MONTE_CONTROLS)
    player.click('#monte-controls [data-monte-chip="50"]')
    expect(player.locator("#monte-amount")).to_have_value("50")
    player.click('#monte-controls [data-monte-chip="10"]')
    expect(player.locator("#monte-amount")).to_have_value("10")
    player.click("form#monte-bet-cartas-0-1 button")
    expect(monte_balance(player)).to_have_text(str(WELCOME_CHIPS - 10))
    assert_header_wallet(player, WELCOME_CHIPS - 10)
    expect(player.locator("#monte-seats .is-viewer .monte-on-cloth")).to_contain_text("10")
    expect(player.locator("#monte-layout .monte-chip.is-mine")).to_have_count(1)
    expect(
        player.locator("#monte-bet-cartas-0-1 .monte-chip.is-mine .monte-chip-amount")
    ).to_have_text("10")
    expect(player.locator("#monte-amount")).to_have_value("10")
    outside += controls_outside_window(player, MONTE_CONTROLS)
    screenshot(player, "monte-betting", size)

    player.click("#monte-done-submit")
    expect(player.locator("#monte-layout.phase-segundas")).to_be_visible()
    expect(player.locator("#monte-result .monte-settled-bet.is-mine.outcome-won")).to_be_visible()
    expect(monte_balance(player)).to_have_text(str(WELCOME_CHIPS + 9))
    expect(player.locator("#monte-layout form")).to_have_count(8)
    outside += controls_outside_window(player, MONTE_CONTROLS)
    screenshot(player, "monte-segundas", size)

    player.click("#monte-done-submit")
    expect(player.locator("#monte-layout.phase-over")).to_be_visible()
    expect(player.locator("#monte-result .monte-total.is-mine.net-up")).to_contain_text("9")
    expect(player.locator("#monte-seats .is-viewer .monte-net.net-up")).to_contain_text("9")
    expect(monte_balance(player)).to_have_text(str(WELCOME_CHIPS + 9))
    assert_header_wallet(player, WELCOME_CHIPS + 9)
    expect(player.locator("#monte-controls form, #monte-layout form")).to_have_count(0)
    assert_not_reloaded(player)
    screenshot(player, "monte", size)
    assert_controls_fitted(size, outside)


# The three-bet stud


def stud_wallet(page: Page) -> Locator:
    return page.locator("#stud-seats .stud-seat.is-viewer .stud-wallet-amount")


def stud_decide(page: Page, move: str, shown: int) -> None:
    """Rides or withdraws the bet being decided, once `shown` common cards are face up."""
    expect(page.locator("#stud-common .stud-common-card .card.face")).to_have_count(shown)
    page.click(f"#stud-{move}")


@pytest.mark.parametrize(
    ("size", "decisions"),
    [(WIDE, ("withdraw", "ride")), (PHONE, ("ride", "withdraw"))],
    ids=SIZES.keys(),
)
def test_a_stud_hand(
    open_person: Callable[..., Page], size: ViewportSize, decisions: tuple[str, str]
) -> None:
    player = player_at(open_person, size)
    open_house_table(player, "stud")
    assert_header_wallet(player, WELCOME_CHIPS)
    expect(stud_wallet(player)).to_have_text(str(WELCOME_CHIPS))

    outside = controls_outside_window(player, "#stud-controls button")
    player.fill("form#stud-bet input[name=amount]", "20")
    player.click("#stud-bet-submit")
    expect(player.locator("#stud-seats .is-viewer .stud-cards .card.face")).to_have_count(3)
    expect(stud_wallet(player)).to_have_text(str(WELCOME_CHIPS - 60))
    assert_header_wallet(player, WELCOME_CHIPS - 60)

    outside += controls_outside_window(player, "#stud-controls button")
    first, second = decisions
    stud_decide(player, first, shown=0)
    stud_decide(player, second, shown=1)
    expect(player.locator("#stud-controls .stud-payout.is-back")).to_have_count(1)

    expect(player.locator("#stud-common .stud-common-card .card.face")).to_have_count(2)
    expect(player.locator("#stud-controls .stud-payout.is-won")).to_contain_text("120")
    expect(player.locator("#stud-seats .is-viewer .stud-result.is-won")).to_contain_text("+120")
    expect(player.locator("#stud-paytable .stud-line.is-paid")).to_have_attribute(
        "data-line", "three_of_a_kind"
    )
    expect(stud_wallet(player)).to_have_text(str(WELCOME_CHIPS + 120))
    assert_header_wallet(player, WELCOME_CHIPS + 120)
    expect(player.locator("#stud-controls form")).to_have_count(0)
    assert_not_reloaded(player)
    screenshot(player, "stud", size)
    assert_controls_fitted(size, outside)


# Pai Gow Poker


def paigow_balance(page: Page) -> Locator:
    return page.locator("#paigow-seats .paigow-seat.is-viewer .paigow-balance-amount")


def pick(page: Page, card: str) -> None:
    """Picks a card of the seven for the 2-card hand (`card` in notation, as "KO")."""
    box = page.locator(f'input[data-paigow-pick][value^="{card}#"]')
    page.locator("#paigow-split label.card-pick").filter(has=box).click()
    expect(page.locator("#paigow-split").locator(box)).to_be_checked()


@pytest.mark.parametrize(("size", "house_way"), [(WIDE, False), (PHONE, True)], ids=SIZES.keys())
def test_a_pai_gow_coup(
    open_person: Callable[..., Page], size: ViewportSize, house_way: bool
) -> None:
    player = player_at(open_person, size)
    open_house_table(player, "paigow")
    assert_header_wallet(player, WELCOME_CHIPS)
    expect(paigow_balance(player)).to_have_text(str(WELCOME_CHIPS))

    outside = controls_outside_window(player, "#paigow-controls button")
    player.fill("form#paigow-bet input[name=amount]", "20")
    player.click("#paigow-bet-submit")
    expect(player.locator("#paigow-split label.card-pick")).to_have_count(7)
    expect(paigow_balance(player)).to_have_text(str(WELCOME_CHIPS - 20))
    assert_header_wallet(player, WELCOME_CHIPS - 20)

    outside += controls_outside_window(player, "#paigow-hand button, #paigow-hand label.card-pick")
    if house_way:
        player.click("#paigow-house-way-submit")
    else:
        expect(player.locator("#paigow-split-submit")).to_be_disabled()
        pick(player, "KO")
        pick(player, "KC")
        player.click("#paigow-split-submit")

    expect(player.locator("#paigow-results")).to_be_visible()
    expect(player.locator("#paigow-results .paigow-payout.is-viewer.outcome-win")).to_contain_text(
        "+19"
    )
    expect(player.locator("#paigow-hand .paigow-hand-low .card")).to_have_count(2)
    expect(player.locator("#paigow-bank .paigow-hand-high .card")).to_have_count(5)
    expect(player.locator(".paigow-seat.is-viewer .paigow-hand-high .card")).to_have_count(5)
    assert spilling_out_of_seats(player, ".paigow-seat") == []
    expect(paigow_balance(player)).to_have_text(str(WELCOME_CHIPS + 19))
    assert_header_wallet(player, WELCOME_CHIPS + 19)
    assert_not_reloaded(player)
    screenshot(player, "paigow", size)
    assert_controls_fitted(size, outside)
