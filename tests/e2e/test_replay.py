"""A finished hand's replay in the browser: the arrow keys step through it, and screenshots of a
Rummy 70 and a Golfo replay (desktop and phone) land in artifacts/screenshots/ for a person to
look at. The hands are played by the engines' bots through the services, in the site's own
database, before the browser opens them."""

import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.accessibility import blocking_violations
from tests.e2e.actions import ARTIFACTS, PHONE, ROOT, SCREENSHOTS
from tests.e2e.conftest import running_site

pytestmark = pytest.mark.e2e

PLAY_SECONDS = 300
PLAY_HANDS = """
import json
from games.models import Table, User
from tests.support.matches import play_until_hands, start_match
names = ("Ana", "Bruno", "Carmen")
players = [User.objects.create(username=n.lower(), display_name=n) for n in names]
rummy = start_match(players[:2], seat_count=2)
play_until_hands(rummy, 1)
golfo = start_match(players, game="golfo")
play_until_hands(golfo, 2)
print(json.dumps({"rummy70": rummy.pk, "golfo": golfo.pk}))
"""


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, dict[str, int]]]:
    """The site, and the ids of a table of each game with finished hands on public tables."""
    folder = tmp_path_factory.mktemp("replay-site")
    log = ARTIFACTS / "e2e-replay-server.log"
    deals = str(folder / "deals.json")
    Path(deals).write_text(json.dumps({"rummy70": {"seed": "bots-3"}, "golfo": {"seed": "bots-5"}}))
    with running_site(folder, log, CARDROOM_DEALS=deals) as url:
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        env.update(
            SQLITE_PATH=str(folder / "e2e.sqlite3"),
            CELERY_FOLDER=str(folder / "celery"),
            DEBUG="1",
            CARDROOM_DEALS=deals,
        )
        script = subprocess.run(
            [sys.executable, "manage.py", "shell", "-c", PLAY_HANDS],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=PLAY_SECONDS,
        )
        if script.returncode != 0:
            pytest.fail(f"the bots could not play:\n{script.stdout}{script.stderr}")
        yield url, json.loads(script.stdout.strip().splitlines()[-1])


@pytest.fixture
def site_url(played: tuple[str, dict[str, int]]) -> str:
    return played[0]


def test_the_arrow_keys_step_through_a_replay(
    open_person: Callable[..., Page], played: tuple[str, dict[str, int]]
) -> None:
    table = played[1]["rummy70"]
    visitor = open_person()
    visitor.goto(f"/tables/{table}/hands/1/?step=3")
    expect(visitor.locator(".replay-moves [aria-current=step]")).to_have_attribute(
        "href", "?step=3"
    )

    visitor.keyboard.press("ArrowRight")
    current = visitor.locator(".replay-moves [aria-current=step]")
    expect(visitor).to_have_url(f"{played[0]}/tables/{table}/hands/1/?step=4")
    expect(current).to_have_attribute("href", "?step=4")
    visitor.wait_for_load_state()
    visitor.keyboard.press("ArrowLeft")
    expect(current).to_have_attribute("href", "?step=3")
    visitor.wait_for_load_state()
    visitor.keyboard.press("ArrowLeft")
    expect(visitor).to_have_url(f"{played[0]}/tables/{table}/hands/1/?step=2")
    expect(current).to_have_attribute("href", "?step=2")
    expect(visitor.locator("#replay-action")).to_have_text(current.inner_text())


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_a_replay_passes_the_accessibility_check(
    open_person: Callable[..., Page], played: tuple[str, dict[str, int]], game: str
) -> None:
    visitor = open_person()
    visitor.goto(f"/tables/{played[1][game]}/hands/1/?step=3")
    expect(visitor.locator("#replay-board")).to_be_visible()

    assert blocking_violations(visitor) == []


@pytest.mark.parametrize("game", ["rummy70", "golfo"])
def test_replay_screenshots(
    open_person: Callable[..., Page], played: tuple[str, dict[str, int]], game: str
) -> None:
    table = played[1][game]
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for size, options in (("desktop", {}), ("phone", {"viewport": PHONE, "is_mobile": True})):
        page = open_person(**options)
        page.goto(f"/tables/{table}/hands/1/?step=9999")
        expect(page.locator("#replay-board")).to_be_visible()
        page.screenshot(path=Path(SCREENSHOTS) / f"replay-{game}-{size}.png", full_page=True)
