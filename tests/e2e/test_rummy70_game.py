"""Ana, Bruno and Carla play a Rummy 70 hand in three browsers, from the fixed deal of
`deals/games.json` (Carla deals, so Ana plays first):

- Ana: 10C 10E 10B, 10O JO QO KO, 7E 7B 7O (91 points) and 2C 3C 4C 5C.
- Bruno: QC QE QB and three aces, 63 points at best: he cannot open.
- Carla: KC KE KB, JC JE JB, 9C 9E 9B (87 points) and the 7C that fits Ana's set of sevens.
- The stock, in drawing order: 6E 8B 4E 3B 5B 2B 6C.

Nobody may open in the first round, so everybody draws and throws once; in the second Ana opens,
Bruno is refused under 70 and Carla opens and lays off on Ana's meld; in the third Ana draws the
6C, lays down her run, lays the 6C off on it and closes with an empty hand."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.actions import listen, sign_up
from tests.e2e.games import (
    assert_version_unchanged,
    discard,
    draw,
    draw_and_throw,
    hand_card,
    hand_faces,
    lay_off,
    on_a_phone,
    open_with,
    screenshot,
    seat_table,
    stage,
    start_game,
    version,
)

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Bruno", "Carla"]
ANA_OPENING = ("10C 10E 10B", "10O JO QO KO", "7E 7B 7O")
CARLA_OPENING = ("KC KE KB", "JC JE JB", "9C 9E 9B")


@pytest.fixture(scope="session")
def site_url(dealt_site_url: str) -> str:
    return dealt_site_url


def play_first_round(ana: Page, bruno: Page, carla: Page) -> None:
    draw_and_throw(ana, "6E")
    draw_and_throw(bruno, "8B")
    draw_and_throw(carla, "4E")


def shows_whose_turn_and_own_row(ana: Page, bruno: Page, carla: Page) -> None:
    """Every player is sent the same players and piles; his own row is marked, and Ana, to
    move, reads "Your turn" where the others read her name's turn."""
    expect(ana.locator("#rummy-piles .turn-mine")).to_be_visible()
    expect(ana.locator("#rummy-piles .turn-theirs")).to_be_hidden()
    for other in (bruno, carla):
        expect(other.locator("#rummy-piles .turn-mine")).to_be_hidden()
        expect(other.locator("#rummy-piles .turn-theirs")).to_contain_text("Ana")

    def border(page: Page, seat: int) -> str:
        row = page.locator(f'#rummy-players [data-engine-seat="{seat}"]')
        return str(row.evaluate("row => getComputedStyle(row).borderTopColor"))

    own, other = border(bruno, 1), border(bruno, 2)
    assert own != other and own == border(carla, 2) and other == border(carla, 1)


def test_three_players_play_a_hand_to_its_closing(open_person: Callable[..., Page]) -> None:
    ana, bruno, carla = seat_table(open_person, "rummy70", PLAYERS).players
    start_game(ana, [ana, bruno, carla])
    expect(ana.locator("#rummy-players .rummy-seat")).to_have_count(3)
    shows_whose_turn_and_own_row(ana, bruno, carla)
    play_first_round(ana, bruno, carla)

    draw(ana)
    open_with(ana, *ANA_OPENING, total=91)
    discard(ana, "3B")
    for other in (bruno, carla):
        expect(other.locator('#rummy-players [data-engine-seat="0"] .badge-open')).to_be_visible()

    draw(bruno)
    stage(bruno, "QC", "QE", "QB")
    expect(bruno.locator("#rummy-hand .staged-total")).to_contain_text("30 / 70")
    seen_by_ana, seen_by_carla = version(ana), version(carla)
    bruno.click("#rummy-open")
    expect(bruno.locator("#table-message")).to_contain_text("70")
    expect(bruno.locator("#table-message")).to_contain_text("30")
    expect(bruno.locator("#table-message")).to_be_in_viewport()
    expect(bruno.locator("#table-message + #rummy-controls")).to_have_count(1)
    expect(bruno.locator("#rummy-hand .staged-meld")).to_have_count(1)
    screenshot(bruno, "rummy70-refused-desktop", around="#rummy-hand")
    assert_version_unchanged(ana, seen_by_ana)
    assert_version_unchanged(carla, seen_by_carla)
    for other in (ana, carla):
        expect(other.locator("#table-message")).to_be_empty()
    bruno.click("#rummy-hand .staged-meld .take-back")
    discard(bruno, "5B")

    draw(carla)
    open_with(carla, *CARLA_OPENING, total=87)
    lay_off(carla, "7C", on="7O")
    discard(carla, "2B")
    expect(ana.locator('#rummy-melds .meld[data-faces~="7C"][data-faces~="7O"]')).to_have_count(1)

    draw(ana)
    ana_on_phone = on_a_phone(open_person, ana)
    expect(ana_on_phone.locator("#rummy-discard")).to_be_visible()
    screenshot(ana, "rummy70-desktop", around="#rummy-melds")
    screenshot(ana_on_phone, "rummy70-phone", around="#rummy-hand")
    stage(ana, "2C", "3C", "4C", "5C")
    ana.click("#rummy-lay-meld")
    lay_off(ana, "6C", on="2C")
    expect(ana.locator("#rummy-hand .hand-cards .card")).to_have_count(0)
    ana.click("#rummy-close")

    for page in (ana, bruno, carla):
        result = page.locator("#rummy-result")
        expect(result).to_be_visible()
        expect(result.locator(".ending")).to_contain_text("No abiertos")
        expect(result.locator(".hand-result")).to_have_count(3)
        bruno_row = result.locator(".hand-result", has_text="Bruno")
        expect(bruno_row).to_contain_text("117 puntos en la mano")
        expect(bruno_row.locator(".badge-out")).to_contain_text("+1 · no abierto")
        expect(bruno_row.locator(".hand-result-cards .card")).to_have_count(14)
        expect(bruno_row.locator(".card[aria-label]").first).to_be_visible()
        expect(result.locator(".took-point")).to_have_count(1)
        carla_row = result.locator(".hand-result", has_text="Carla")
        expect(carla_row).to_contain_text("19 puntos en la mano")
        expect(carla_row.locator(".hand-result-cards .card")).to_have_count(4)
    screenshot(ana, "rummy70-hand-end-desktop", around="#rummy-result")
    screenshot(ana_on_phone, "rummy70-hand-end-phone", around="#rummy-result")


def test_a_refresh_in_the_middle_of_a_turn_restores_the_view(
    open_person: Callable[..., Page],
) -> None:
    ana, bruno, carla = seat_table(open_person, "rummy70", PLAYERS).players
    start_game(ana, [ana, bruno, carla])

    draw(ana)
    expect(hand_card(ana, "6E")).to_be_visible()
    faces, seen = hand_faces(ana), version(ana)
    assert len(faces) == 15

    ana.reload()
    expect(ana.locator("#rummy-discard")).to_be_visible()
    expect(ana.locator("#table-version")).to_have_attribute("data-version", seen)
    assert hand_faces(ana) == faces
    expect(ana.locator("#rummy-draw")).to_have_count(0)

    discard(ana, "6E")
    draw_and_throw(bruno, "8B")
    expect(ana.locator("#table-version")).to_have_attribute("data-version", version(bruno))


def test_a_spectator_sees_the_melds_and_no_hand(open_person: Callable[..., Page]) -> None:
    table = seat_table(open_person, "rummy70", PLAYERS)
    ana, bruno, carla = table.players
    spectator = open_person()
    sign_up(spectator, "Dani")
    spectator.goto(f"/tables/{table.id}/")
    listen(spectator)
    start_game(ana, [ana, bruno, carla, spectator])
    play_first_round(ana, bruno, carla)
    draw(ana)
    open_with(ana, *ANA_OPENING, total=91)
    discard(ana, "3B")
    expect(spectator.locator("#table-version")).to_have_attribute("data-version", version(ana))

    expect(spectator.locator("#rummy-melds .meld")).to_have_count(3)
    expect(spectator.locator("#rummy-melds .meld .card")).to_have_count(10)
    expect(spectator.locator("#rummy-hand")).to_be_hidden()
    expect(spectator.locator("#rummy-hand .card")).to_have_count(0)
    expect(spectator.locator("#rummy-controls button")).to_have_count(0)
    expect(spectator.locator("[data-face], [data-card]")).to_have_count(0)
    backs = spectator.locator("#rummy-players .card")
    expect(backs).to_have_count(3)
    for back in backs.all():
        expect(back).to_have_class(re.compile(r"\bback\b"))
        assert back.evaluate("card => card.textContent.trim()") == ""
        for identity in ("aria-label", "data-face", "data-card", "title", "class"):
            assert not re.search(r"suit-|\d[OCEB]\b", back.get_attribute(identity) or "")
    hidden = {
        label
        for player in (ana, bruno, carla)
        for label in player.locator("#rummy-hand .hand-cards .card").evaluate_all(
            "cards => cards.map(card => card.getAttribute('aria-label'))"
        )
    }
    assert len(hidden) > 20
    html = spectator.content()
    assert [label for label in hidden if label in html] == []
