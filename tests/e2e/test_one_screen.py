"""The game on one screen: on his turn a player sees, at 1366x900 and on a 390x844 phone and
without scrolling, the other players, the piles or pots, the melds, his own hand and his move
controls. Each check opens the player's table in a fresh tab of that size (the same cookies) and
reads the element boxes at the top of the page. The deals are fixed by `deals/games.json`; the
moves are those of test_rummy70_game.py and test_golfo_game.py; the heaviest screen is Bruno's
in the third round of Rummy 70: fifteen cards in hand, six melds on the table."""

from collections.abc import Callable
from typing import NamedTuple

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.actions import PHONE, SCREENSHOTS, listen
from tests.e2e.games import (
    discard,
    draw,
    draw_and_throw,
    golfo_bet_least,
    golfo_move,
    golfo_turn,
    lay_off,
    open_with,
    seat_table,
    start_game,
    version,
)

pytestmark = pytest.mark.e2e

WIDE: ViewportSize = {"width": 1366, "height": 900}


class Screen(NamedTuple):
    parts: tuple[str, ...]  # each wholly in the window
    controls: str  # the move buttons, each wholly in the window
    uncovered: str  # what no other element may lie over


RUMMY = Screen(
    parts=("#rummy-players", "#rummy-piles", "#rummy-melds", "#rummy-hand"),
    controls="#rummy-controls button",
    uncovered="#rummy-players .rummy-seat, #rummy-piles .card, #rummy-hand .card",
)
GOLFO = Screen(
    parts=("#golfo-seats", "#golfo-pots", "#golfo-hand"),
    controls="#golfo-controls button",
    uncovered=".golfo-seat, .golfo-pot-amount, #golfo-hand .card",
)

# The elements among `selector` whose middle point shows something else (another element laid
# over them, such as a bar stuck to the window's bottom), or lies outside the window.
COVERED = """selector => [...document.querySelectorAll(selector)].filter(element => {
  const box = element.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return !(hit && element.contains(hit));
}).map(element => element.getAttribute("aria-label") || element.className)"""


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


# The socket's first frame lays the game area out anew, then fills it: the boxes are read once
# the frames have stopped for half a second.
NOTE_FRAMES = """
document.addEventListener("htmx:wsAfterMessage", () => {
  window.cardroomLastFrame = performance.now();
});
"""
QUIET = "() => window.cardroomLastFrame && performance.now() - window.cardroomLastFrame > 500"


def window_of(open_person: Callable[..., Page], player: Page, size: ViewportSize) -> Page:
    """The player's table, freshly opened in a tab of this size, once it shows his version and
    its socket has sent what it had to send."""
    phone = size == PHONE
    window = open_person(
        viewport=size,
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
        storage_state=player.context.storage_state(),
    )
    window.context.add_init_script(NOTE_FRAMES)
    window.goto(player.url)
    listen(window)
    expect(window.locator("#table-version")).to_have_attribute("data-version", version(player))
    window.wait_for_function(QUIET)
    return window


def assert_on_first_screen(window: Page, screen: Screen) -> None:
    """Each part, and each visible control, lies wholly inside the window, which is not scrolled
    and does not scroll sideways; no seat, pile, card or control is hidden under another element."""
    size = window.viewport_size
    assert size is not None
    assert window.evaluate("() => window.scrollY") == 0
    assert window.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
    buttons = window.locator(screen.controls).filter(visible=True)
    expect(buttons.first).to_be_visible()
    boxes = {part: window.locator(part).bounding_box() for part in screen.parts}
    for number, button in enumerate(buttons.all()):
        boxes[f"{screen.controls} #{number}"] = button.bounding_box()
    for name, box in boxes.items():
        assert box is not None, f"{name} is not shown"
        inside = (
            box["x"] >= 0
            and box["y"] >= 0
            and box["x"] + box["width"] <= size["width"] + 0.5
            and box["y"] + box["height"] <= size["height"] + 0.5
        )
        assert inside, f"{name} at {box} is not inside the {size['width']}x{size['height']} window"
    assert window.evaluate(COVERED, f"{screen.uncovered}, {screen.controls}") == []


def first_screen(window: Page, name: str) -> None:
    """What the window shows, unscrolled, for a person to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    window.screenshot(path=SCREENSHOTS / f"{name}.png")


def test_a_rummy70_turn_fits_one_screen(open_person: Callable[..., Page]) -> None:
    ana, bruno, carla = seat_table(open_person, "rummy70", ["Ana", "Bruno", "Carla"]).players
    start_game(ana, [ana, bruno, carla])
    expect(ana.locator("#rummy-draw")).to_be_visible()
    for size in (WIDE, PHONE):
        assert_on_first_screen(window_of(open_person, ana, size), RUMMY)

    draw_and_throw(ana, "6E")
    draw_and_throw(bruno, "8B")
    draw_and_throw(carla, "4E")
    draw(ana)
    open_with(ana, "10C 10E 10B", "10O JO QO KO", "7E 7B 7O", total=91)
    discard(ana, "3B")
    draw_and_throw(bruno, "5B")
    draw(carla)
    open_with(carla, "KC KE KB", "JC JE JB", "9C 9E 9B", total=87)
    lay_off(carla, "7C", on="7O")
    discard(carla, "2B")
    draw(ana)
    for size, name in ((WIDE, "desktop"), (PHONE, "phone")):
        window = window_of(open_person, ana, size)
        expect(window.locator("#rummy-melds .meld")).to_have_count(6)
        assert_on_first_screen(window, RUMMY)
        first_screen(window, f"one-screen-rummy70-{name}")

    discard(ana, "6C")
    draw(bruno)
    for size, name in ((WIDE, "desktop"), (PHONE, "phone")):
        window = window_of(open_person, bruno, size)
        expect(window.locator("#rummy-hand .hand-cards .card")).to_have_count(15)
        assert_on_first_screen(window, RUMMY)
        first_screen(window, f"one-screen-rummy70-15-cards-{name}")


def test_a_golfo_turn_fits_one_screen(open_person: Callable[..., Page]) -> None:
    ana, bruno, carla, dani = seat_table(
        open_person, "golfo", ["Ana", "Bruno", "Carla", "Dani"]
    ).players
    start_game(ana, [ana, bruno, carla, dani])
    golfo_turn(bruno)
    for size in (WIDE, PHONE):
        assert_on_first_screen(window_of(open_person, bruno, size), GOLFO)

    golfo_bet_least(bruno)
    golfo_move(carla, "#golfo-call")
    golfo_move(dani, "#golfo-fold")
    golfo_turn(bruno)
    for size, name in ((WIDE, "desktop"), (PHONE, "phone")):
        window = window_of(open_person, bruno, size)
        expect(window.locator("#golfo-hand .card")).to_have_count(5)
        assert_on_first_screen(window, GOLFO)
        first_screen(window, f"one-screen-golfo-{name}")
