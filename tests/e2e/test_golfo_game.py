"""Ana, Bruno, Carla and Dani play a Golfo hand in four browsers to its showdown, from the fixed
deck of the `golfo` entry in `deals/games.json`. Ana deals and sits the hand out; Bruno speaks
first.

- First two cards: Bruno 9 and 8 of oros, Carla 9 and 8 of copas, Dani 9 and 8 of espadas.
  Bruno bets, Carla calls, Dani folds.
- Three more: Bruno 7 and 6 of oros and the 3 of bastos (30: the best hand there is), Carla the
  7 of copas and the 3 and 4 of espadas (24).
- First discard: Bruno throws the 3 of bastos and gets the 4 of oros, Carla throws her espadas
  and gets the 5 of copas and the 3 of oros (29). Everybody keeps his cards in the second.
- Showdown: Bruno's 30 beats Carla's 29 and takes the pot; Dani's folded cards stay hidden."""

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.games import (
    golfo_bet_least,
    golfo_card,
    golfo_discard,
    golfo_move,
    on_a_phone,
    screenshot,
    seat_table,
    start_game,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Carla", "Dani"]


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


def seats_around(page: Page) -> dict[str, int]:
    """Which engine seat the page draws at the bottom, at the right, across and at the left of the
    felt, from where each seat's box is."""
    centres = {}
    for seat in range(4):
        box = page.locator(f'#golfo-seats [data-golfo-seat="{seat}"]').bounding_box()
        assert box is not None
        centres[seat] = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return {
        "bottom": max(centres, key=lambda seat: centres[seat][1]),
        "right": max(centres, key=lambda seat: centres[seat][0]),
        "top": min(centres, key=lambda seat: centres[seat][1]),
        "left": min(centres, key=lambda seat: centres[seat][0]),
    }


def own_seat_marked(page: Page, seat: int) -> None:
    """His seat alone is marked "tú", and without his own cards' backs: his hand shows them."""
    own = page.locator(f'#golfo-seats [data-golfo-seat="{seat}"]')
    expect(own.locator(".tag-you")).to_be_visible()
    expect(page.locator("#golfo-seats .tag-you:visible")).to_have_count(1)
    expect(own.locator(".golfo-backs")).to_be_hidden()


def everybody_passes(*players: Page) -> None:
    for player in players:
        golfo_move(player, "#golfo-pass")


def test_a_golfo_hand_is_played_to_its_showdown(open_person: Callable[..., Page]) -> None:
    table = seat_table(open_person, "golfo", PLAYERS)
    pages = table.players
    ana, bruno, carla, dani = pages
    bruno_name = table.names[1]
    start_game(ana, pages)
    expect(ana.locator("#golfo-hand .card")).to_have_count(0)
    expect(ana.locator("#golfo-hand")).to_contain_text("Descansas esta mano")
    expect(golfo_card(bruno, "9 de oros")).to_be_visible()
    expect(golfo_card(carla, "9 de copas")).to_be_visible()
    expect(bruno.locator(".golfo-backs:visible .card.back")).to_have_count(4)  # Carla's, Dani's
    assert seats_around(bruno) == {"bottom": 1, "right": 2, "top": 3, "left": 0}
    assert seats_around(carla) == {"bottom": 2, "right": 3, "top": 0, "left": 1}
    own_seat_marked(bruno, 1)
    own_seat_marked(carla, 2)
    bruno_seat = '#golfo-seats [data-golfo-seat="1"]'
    expect(bruno.locator(f"{bruno_seat} .tag-mine")).to_be_visible()
    expect(bruno.locator(f"{bruno_seat} .tag-theirs")).to_be_hidden()
    expect(carla.locator(f"{bruno_seat} .tag-theirs")).to_be_visible()
    expect(carla.locator(f"{bruno_seat} .tag-mine")).to_be_hidden()

    bet = golfo_bet_least(bruno)
    expect(carla.locator("#golfo-call")).to_contain_text(str(bet))
    golfo_move(carla, "#golfo-call")
    golfo_move(dani, "#golfo-fold")

    expect(bruno.locator("#golfo-hand .card")).to_have_count(5)
    expect(golfo_card(bruno, "3 de bastos")).to_be_visible()
    screenshot(bruno, "golfo-desktop", around="#golfo-seats")
    everybody_passes(bruno, carla)

    golfo_discard(bruno, "3 de bastos")
    expect(golfo_card(bruno, "4 de oros")).to_be_visible()
    carla_on_phone = on_a_phone(open_person, carla)
    expect(carla_on_phone.locator("#golfo-discard-submit")).to_be_visible()
    assert seats_around(carla_on_phone)["bottom"] == 2
    own_seat_marked(carla_on_phone, 2)
    across = carla_on_phone.locator('#golfo-seats [data-golfo-seat="0"]').bounding_box()
    beside = carla_on_phone.locator('#golfo-seats [data-golfo-seat="1"]').bounding_box()
    assert across and beside and across["width"] > 2 * beside["width"]  # one row across the felt
    screenshot(carla_on_phone, "golfo-seats-phone", around="#golfo-seats")
    screenshot(carla_on_phone, "golfo-phone", around="#golfo-hand")
    golfo_discard(carla, "3 de espadas", "4 de espadas")
    expect(golfo_card(carla, "5 de copas")).to_be_visible()
    everybody_passes(bruno, carla)
    golfo_discard(bruno)
    golfo_discard(carla)
    everybody_passes(bruno, carla)

    for page in pages:
        showdown = page.locator("#golfo-showdown")
        expect(showdown).to_be_visible()
        expect(showdown.locator(".golfo-shown-hand")).to_have_count(2)
        winner = showdown.locator(".golfo-shown-hand.is-winner")
        expect(winner).to_contain_text("Bruno")
        expect(winner).to_contain_text("vale 30")
        expect(showdown.locator(".golfo-shown-hand", has_text="Carla")).to_contain_text("vale 29")
        expect(showdown.locator(".golfo-shown-hand .card")).to_have_count(10)
        expect(showdown.locator(".golfo-pot-result")).to_contain_text(f"{bruno_name} se lleva")
        expect(showdown).not_to_contain_text("Dani")
    screenshot(bruno, "golfo-showdown-desktop", around="#golfo-showdown")
    screenshot(carla_on_phone, "golfo-showdown-phone", around="#golfo-showdown")
