"""A Rummy 70 tournament of six, three people in browsers and three bots, on two tables of three:
the host creates it through the form, one player registers from the lobby's list and a guest
through the invite link, the host adds the bots and starts it, and every page follows it live. The
hands are played by the engines' bots through the site's services in a script
(tests/e2e/tournament_play.py), the suite having no Celery worker. One of the people goes out:
his table breaks and the other person there is taken to the final table by his browser, while the
player out gets the tournament's other tables to watch, watches the final table with the
spectator's view (no card of any hand) and writes only in the spectators' chat. At the end the
standings show the winner and the six places. Screenshots of the standings and the rail go to
artifacts/screenshots/tournament-*.png."""

import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.e2e.actions import (
    ARTIFACTS,
    ROOT,
    SCREENSHOTS,
    assert_not_reloaded,
    join_as_guest,
    listen,
    set_field,
    sign_up,
    table_id,
    unique,
)
from tests.e2e.conftest import running_site, site_environment

pytestmark = pytest.mark.e2e

TOURNAMENT_URL = re.compile(r"/tournaments/(\d+)/$")
# A step of tests/e2e/tournament_play.py plays whole rounds of bot hands on SQLite; in CI, beside
# the services suite on a slow machine, "out" once took longer than 120 s while its moves went on.
PLAY_SECONDS = 300


@pytest.fixture(scope="module")
def site_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("tournament-site")


@pytest.fixture(scope="module")
def site_url(site_folder: Path) -> Iterator[str]:
    """A site of its own, whose database tests/e2e/tournament_play.py plays on."""
    with running_site(site_folder, ARTIFACTS / "e2e-tournament-server.log") as url:
        yield url


@pytest.fixture
def play(site_folder: Path) -> Callable[..., str]:
    """Runs a step of tests/e2e/tournament_play.py on the site's database; returns what it
    printed."""

    def run(*arguments: str) -> str:
        played = subprocess.run(
            [sys.executable, "-m", "tests.e2e.tournament_play", *arguments],
            cwd=ROOT,
            env=site_environment(site_folder),
            capture_output=True,
            text=True,
            timeout=PLAY_SECONDS,
        )
        if played.returncode != 0:
            pytest.fail(f"tournament_play {arguments} failed:\n{played.stdout}{played.stderr}")
        return played.stdout

    return run


def create_tournament(host: Page, name: str) -> str:
    """The host creates a public Rummy 70 tournament of six from the lobby; returns its id."""
    host.goto("/")
    host.click("a#create-tournament")
    set_field(host, "game", "rummy70")
    set_field(host, "name", name)
    set_field(host, "visibility", "public")
    set_field(host, "max_players", "6")
    set_field(host, "clock", "120")
    set_field(host, "start", "button")
    host.click("#create-tournament-submit")
    host.wait_for_url(TOURNAMENT_URL)
    match = TOURNAMENT_URL.search(host.url)
    assert match
    return match.group(1)


def standings(page: Page) -> Locator:
    return page.locator("#tournament-standings")


def go_to_own_table(page: Page) -> str:
    """From the standings, the player's own table; returns its id once its socket is open."""
    page.click("#tournament-standings a.your-table")
    expect(page.locator("#rummy-hand")).to_be_visible()
    listen(page)
    return table_id(page)


def assert_spectators_view(page: Page) -> None:
    """No card of any hand: no hand of his own, every player's hand a count under a card back,
    and the only faces on the page those the table shows everyone (melds, the top discard)."""
    expect(page.locator("#rummy-players .rummy-seat").first).to_be_visible()
    expect(page.locator("#rummy-hand")).to_be_hidden()
    expect(page.locator("[data-hand-card], [data-face]")).to_have_count(0)
    expect(page.locator("#rummy-players .card.back").first).to_be_visible()
    expect(page.locator("#rummy-players .card.face")).to_have_count(0)
    public = page.locator("#rummy-melds .card.face, #rummy-piles .card.face").count()
    expect(page.locator(".card.face")).to_have_count(public)


@pytest.mark.timeout(3 * PLAY_SECONDS + 120)  # its three steps of play, and the browsers
def test_tournament_tables_merge_and_the_player_out_watches(
    open_person: Callable[..., Page], play: Callable[..., str]
) -> None:
    host, member, guest = open_person(), open_person(), open_person()
    names = {host: sign_up(host, "Amparo"), member: sign_up(member, "Benito")}
    tournament = create_tournament(host, unique("Copa"))
    invite_link = host.locator("input#invite-link").input_value()
    listen(host)

    member.goto("/")
    listen(member)
    member.locator(f'#lobby-tournaments [data-tournament-id="{tournament}"] a.watch-link').click()
    member.wait_for_url(f"**/tournaments/{tournament}/")
    member.click("#tournament-register")
    expect(member.locator("#tournament-unregister")).to_be_visible()
    names[guest] = join_as_guest(guest, invite_link)
    guest.click("#tournament-register")
    expect(guest.locator("#tournament-unregister")).to_be_visible()
    for page in (member, guest):
        listen(page)
    entries = host.locator(".tournament-entries .tournament-entry")
    expect(entries).to_have_count(3)

    host.fill("#tournament-bot-count", "3")
    host.click("#tournament-add-bots")
    expect(entries).to_have_count(6)
    host.click("#tournament-start")
    people = [host, member, guest]
    for page in people:
        expect(standings(page)).to_have_attribute("data-status", "playing")
        expect(page.locator(".tournament-tables .tournament-table")).to_have_count(2)
        expect(page.locator(".tournament-table .tournament-count")).to_have_count(6)
        expect(page.locator(".tournament-left")).to_have_text("6/6")
    for page in (member, guest):
        assert_not_reloaded(page)

    drawn = [
        table.get_attribute("data-table-id") for table in host.locator(".tournament-table").all()
    ]
    tables = {page: go_to_own_table(page) for page in people}
    # Two of the three people at least share a table: one of them goes out, which breaks it, and
    # the others there are moved to the final table.
    out = next(page for page in people if list(tables.values()).count(tables[page]) >= 2)
    moved = [page for page in people if page is not out and tables[page] == tables[out]]
    stayed = [page for page in people if tables[page] != tables[out]]
    final_table = next(table for table in drawn if table != tables[out])

    play("out", tournament, names[out])

    for page in moved:
        page.wait_for_url(f"**/tables/{final_table}/")
        expect(page.locator("#rummy-hand .card").first).to_be_visible()
    for page in stayed:
        expect(page.locator("#rummy-players .rummy-seat")).to_have_count(5)
    rail = out.locator("#tournament-panel")
    expect(rail.locator(".tournament-out")).to_be_visible()
    expect(rail.locator(".tournament-watch a")).to_have_count(1)
    expect(out.locator("#rummy-hand")).to_be_hidden()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out.screenshot(path=SCREENSHOTS / "tournament-rail.png")

    rail.locator(".tournament-watch a").click()
    out.wait_for_url(f"**/tables/{final_table}/")
    listen(out)
    assert_spectators_view(out)
    # The first turns of the hand (nobody may open in the first round: the hand goes on).
    versions = dict(line.split() for line in play("moves", tournament, "8").splitlines())
    expect(out.locator("#table-version")).to_have_attribute("data-version", versions[final_table])
    assert_spectators_view(out)
    expect(out.locator("#chat-players-form input[name=text]")).to_have_count(0)
    greeting = unique("Suerte")
    out.fill("#chat-spectators-form input[name=text]", greeting)
    out.click("#chat-spectators-form button[type=submit]")
    expect(out.locator("#chat-spectators .chat-text", has_text=greeting)).to_be_visible()
    for page in people:
        if page is not out:
            expect(page.locator("#rummy-hand .card").first).to_be_visible()
            expect(page.locator("#chat-players .chat-text", has_text=greeting)).to_have_count(0)

    out.click("#tournament-panel a.tournament-link")
    expect(out.locator(".tournament-tables .tournament-table")).to_have_count(1)
    expect(out.locator(".tournament-left")).to_have_text("5/6")
    expect(out.locator(".tournament-places .tournament-place")).to_have_count(1)
    expect(out.locator(".tournament-place", has_text=names[out])).to_have_attribute("value", "6")
    out.screenshot(path=SCREENSHOTS / "tournament-standings.png", full_page=True)
    listen(out)

    play("finish", tournament)

    expect(standings(out)).to_have_attribute("data-status", "finished")
    assert_not_reloaded(out)
    winner = out.locator(".tournament-winner")
    expect(winner).to_be_visible()
    places = out.locator(".tournament-places .tournament-place")
    expect(places).to_have_count(6)
    ranks = [int(place.get_attribute("value") or "0") for place in places.all()]
    assert ranks[0] == 1 and ranks.count(1) == 1, ranks
    for rank, place in enumerate(ranks, start=1):
        assert place == rank or place == ranks[rank - 2], ranks  # shared places skip
    first = places.first.locator(".player-link").inner_text()
    expect(winner).to_contain_text(first)
    expect(out.locator(".tournament-place", has_text=names[out])).to_have_attribute("value", "6")
    for page in people:
        if page is not out:
            over = page.locator("#tournament-panel .hint a")
            expect(over).to_have_attribute("href", f"/tournaments/{tournament}/")
