"""The rules pages in a real browser: reached from the lobby, at desktop size and on a 390x844
phone, with the example cards drawn and nothing wider than the screen; whole-page screenshots
written to artifacts/screenshots/ for a person to read."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import PHONE, SCREENSHOTS

pytestmark = pytest.mark.e2e

PHONE_OPTIONS = {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
GAMES = [
    ("rummy70", "Rummy 70", "Cómo se juega al Rummy 70"),
    ("golfo", "Golfo", "Cómo se juega al Golfo"),
]


def sideways_overflow(page: Page) -> int:
    """How many CSS pixels the page is wider than the window (0 when nothing scrolls sideways)."""
    overflow: int = page.evaluate(
        "Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
        " - document.documentElement.clientWidth"
    )
    return overflow


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_rules_pages_show_their_examples_and_fit_the_screen(
    open_person: Callable[..., Page], size: str
) -> None:
    visitor = open_person(**(PHONE_OPTIONS if size == "phone" else {}))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    for game, link, title in GAMES:
        visitor.goto("/")
        visitor.locator(".lobby-rules").get_by_role("link", name=link).click()

        expect(visitor).to_have_url(re.compile(f"/reglas/{game}/$"))
        expect(visitor.get_by_role("heading", level=1)).to_have_text(title)
        cards = visitor.locator(".rules-example .card")
        expect(cards.first).to_be_visible()
        assert cards.count() >= 10
        assert sideways_overflow(visitor) <= 0
        visitor.screenshot(path=SCREENSHOTS / f"rules-{game}-{size}.png", full_page=True)
