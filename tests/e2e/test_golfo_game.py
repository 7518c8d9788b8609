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
    expect(bruno.locator(".golfo-backs .card.back")).to_have_count(4)

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
