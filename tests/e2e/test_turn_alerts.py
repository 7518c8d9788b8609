"""Your turn reaches you (issue 15, point 3): when Ana's move hands the turn to Bruno, Bruno's
tab title says so, a chime plays (unless his sound switch is off, which his browser remembers),
his phone vibrates and, his tab being hidden, a notification is shown, which he allowed with a
click and not before. Everyone at the table sees the turn clock as a bar on the seat whose turn it
is, turning to a warning in the last seconds.

The browser's sound, vibration, notifications and tab visibility are stood in for by a script
that records what the page asks of them. The deal is `deals/games.json`'s: Ana plays first."""

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import listen, sign_up
from tests.e2e.games import draw_and_throw, seat_table, start_game

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Carla"]
TURN_TITLE = "● Te toca · Rummy 70"
CLOCK_SECONDS = 30
WARNING_SECONDS = 10

RECORD_ALERTS = """
window.cardroomAlerts = {plays: [], vibrations: [], notifications: [], permissionAsked: 0};
HTMLMediaElement.prototype.play = function () {
  window.cardroomAlerts.plays.push(this.src);
  return Promise.resolve();
};
Object.defineProperty(Navigator.prototype, "vibrate", {
  configurable: true,
  value: (pattern) => { window.cardroomAlerts.vibrations.push(pattern); return true; },
});
class RecordedNotification {
  constructor(title) { window.cardroomAlerts.notifications.push(title); }
  addEventListener() {}
  close() {}
}
RecordedNotification.permission = "default";
RecordedNotification.requestPermission = () => {
  window.cardroomAlerts.permissionAsked += 1;
  RecordedNotification.permission = "granted";
  return Promise.resolve("granted");
};
window.Notification = RecordedNotification;
Object.defineProperty(document, "hidden", {get: () => Boolean(window.cardroomHidden)});
"""


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


def alerts(page: Page) -> dict[str, Any]:
    recorded: dict[str, Any] = page.evaluate("window.cardroomAlerts")
    return recorded


def test_the_turn_reaches_the_player_and_everyone_sees_the_clock(
    open_person: Callable[..., Page],
) -> None:
    table = seat_table(open_person, "rummy70", PLAYERS, clock=str(CLOCK_SECONDS))
    ana, bruno, carla = table.players
    bruno.context.add_init_script(RECORD_ALERTS)
    bruno.reload()
    listen(bruno)
    spectator = open_person()
    sign_up(spectator, "Dani")
    spectator.goto(f"/tables/{table.id}/")
    listen(spectator)
    start_game(ana, [ana, bruno, carla, spectator])

    expect(ana).to_have_title(TURN_TITLE)
    expect(bruno).not_to_have_title(TURN_TITLE)
    for page in (ana, bruno, spectator):
        expect(page.locator("#rummy-players .rummy-seat.is-turn .turn-bar")).to_be_visible()
        expect(page.locator(".turn-bar")).to_have_count(1)

    assert alerts(bruno)["permissionAsked"] == 0
    bruno.click("#notify-switch")
    expect(bruno.locator("#notify-switch")).to_have_attribute("aria-pressed", "true")
    assert alerts(bruno)["permissionAsked"] == 1
    bruno.evaluate("window.cardroomHidden = true")

    draw_and_throw(ana, "6E")

    expect(bruno).to_have_title(TURN_TITLE)
    expect(ana).not_to_have_title(TURN_TITLE)
    recorded = alerts(bruno)
    assert [src.rsplit("/", 1)[-1] for src in recorded["plays"]] == ["turn.wav"]
    assert len(recorded["vibrations"]) == 1
    assert recorded["notifications"] == [TURN_TITLE]
    bruno_seat = '#rummy-players .rummy-seat.is-turn:has-text("Bruno") .turn-bar'
    expect(spectator.locator(bruno_seat)).to_be_visible()

    warning = (CLOCK_SECONDS - WARNING_SECONDS + 3) * 1000
    for page in (ana, spectator):
        expect(page.locator(".turn-bar.is-warning")).to_be_visible(timeout=warning)
        expect(page.locator("#turn-clock.is-warning")).to_be_visible()


def test_the_sound_switch_is_remembered(open_person: Callable[..., Page]) -> None:
    table = seat_table(open_person, "rummy70", PLAYERS)
    ana, bruno, carla = table.players
    bruno.context.add_init_script(RECORD_ALERTS)
    expect(bruno.locator("#sound-switch")).to_have_attribute("aria-pressed", "true")
    bruno.click("#sound-switch")
    expect(bruno.locator("#sound-switch")).to_have_attribute("aria-pressed", "false")
    bruno.reload()
    listen(bruno)
    expect(bruno.locator("#sound-switch")).to_have_attribute("aria-pressed", "false")
    start_game(ana, [ana, bruno, carla])

    draw_and_throw(ana, "6E")

    expect(bruno).to_have_title(TURN_TITLE)
    recorded = alerts(bruno)
    assert recorded["plays"] == []
    assert recorded["notifications"] == []  # never allowed
    assert recorded["permissionAsked"] == 0
