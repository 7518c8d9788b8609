"""The table by keyboard and screen reader (issue 15, point 6): the hand is one tab stop whose
cards the arrow keys walk and Space selects, the common moves have shortcuts listed in a "?"
panel, focus stays on the same card after a move swaps the hand, and the other players hear the
moves and whose turn it is in words. axe-core finds no serious or critical fault on the lobby and
a table (a replay: tests/e2e/test_replay.py). The deal is `deals/games.json`'s: Ana plays first."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accessibility import blocking_violations
from tests.e2e.actions import sign_up
from tests.e2e.games import seat_table, start_game

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Carla"]
DEALT_CARDS = 14
HAND = "#rummy-hand .hand-cards .card"


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


def focused_card(page: Page) -> str | None:
    card: str | None = page.evaluate("document.activeElement.dataset.card || null")
    return card


def test_a_player_plays_his_turn_by_keyboard_and_the_others_hear_it(
    open_person: Callable[..., Page],
) -> None:
    ana, bruno, carla = seat_table(open_person, "rummy70", PLAYERS).players
    start_game(ana, [ana, bruno, carla])
    expect(ana.locator("#rummy-draw")).to_be_enabled()

    expect(ana.locator(HAND)).to_have_count(DEALT_CARDS)
    expect(ana.locator(f'{HAND}[tabindex="0"]')).to_have_count(1)
    ana.locator('#rummy-hand [data-sort="rank"]').focus()
    ana.keyboard.press("Tab")
    first = focused_card(ana)
    assert first is not None
    ana.keyboard.press("Tab")
    assert focused_card(ana) is None  # one tab stop: Tab leaves the hand
    ana.keyboard.press("Shift+Tab")
    assert focused_card(ana) == first
    ana.keyboard.press("ArrowRight")
    second = focused_card(ana)
    assert second not in (None, first)
    expect(ana.locator(f'{HAND}[tabindex="0"]')).to_have_attribute("data-card", second or "")
    ana.keyboard.press("Space")
    expect(ana.locator(f'{HAND}[data-card="{second}"]')).to_have_attribute("aria-pressed", "true")
    assert focused_card(ana) == second

    ana.keyboard.press("?")
    help_panel = ana.locator("#shortcuts-help")
    expect(help_panel).to_be_visible()
    expect(help_panel.locator('[data-shortcut="r"]')).to_contain_text("Robar del mazo")
    assert blocking_violations(ana) == []
    ana.keyboard.press("Escape")
    expect(help_panel).to_be_hidden()

    ana.keyboard.press("r")  # draws from the stock
    expect(ana.locator(HAND)).to_have_count(DEALT_CARDS + 1)
    expect(ana.locator("#rummy-discard")).to_be_enabled()
    assert focused_card(ana) == second  # the hand was swapped; focus stays on the card

    thrown = ana.locator(f'{HAND}[data-card="{second}"]').get_attribute("aria-label") or ""
    ana.keyboard.press("d")  # discards the selected card
    expect(ana.locator(HAND)).to_have_count(DEALT_CARDS)
    assert focused_card(ana) is not None  # the card went: focus stays in the hand

    newest = ana.locator("#table-moves .move-newest")
    expect(newest).to_contain_text(thrown)
    announcer = bruno.locator("#table-announcer")
    expect(announcer).to_contain_text(newest.inner_text().strip())
    expect(announcer).to_contain_text("Te toca")
    expect(carla.locator("#table-announcer")).to_contain_text("le toca a Bruno")


def test_the_lobby_and_a_table_pass_the_accessibility_check(
    open_person: Callable[..., Page],
) -> None:
    visitor = open_person()
    visitor.goto("/")
    expect(visitor.locator("#lobby-tables")).to_be_visible()
    assert blocking_violations(visitor) == []

    ana, bruno, carla, dani = seat_table(open_person, "golfo", [*PLAYERS, "Dani"]).players
    assert blocking_violations(bruno) == []
    start_game(ana, [ana, bruno, carla, dani])
    spectator = open_person()
    sign_up(spectator, "Eva")
    spectator.goto(ana.url)
    expect(spectator.locator("#golfo-seats")).to_be_visible()
    assert blocking_violations(ana) == []
    assert blocking_violations(spectator) == []
    ana.goto("/")
    expect(ana.locator("#lobby-tables .table-mine")).to_have_count(1)
    assert blocking_violations(ana) == []
