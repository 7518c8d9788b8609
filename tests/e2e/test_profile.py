"""The profile in a browser at 1366x900 and on a 390x844 phone: the figures, the history with
its players linked to their profiles and its replay links, its second page, and a phone reading
the history without scrolling sideways. Screenshots go to artifacts/screenshots/profile-*.png."""

import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.e2e.actions import ARTIFACTS, PHONE, ROOT, SCREENSHOTS, log_in
from tests.e2e.conftest import running_site, site_environment

pytestmark = pytest.mark.e2e

WIDE: ViewportSize = {"width": 1366, "height": 900}
SEED_SECONDS = 300


@pytest.fixture(scope="module")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A site of its own, seeded with played matches by tests/e2e/profile_seed.py."""
    folder = tmp_path_factory.mktemp("profile-site")
    with running_site(folder, ARTIFACTS / "e2e-profile-server.log") as url:
        seeded = subprocess.run(
            [sys.executable, "-m", "tests.e2e.profile_seed"],
            cwd=ROOT,
            env=site_environment(folder),
            capture_output=True,
            text=True,
            timeout=SEED_SECONDS,
        )
        if seeded.returncode != 0:
            pytest.fail(f"seeding failed:\n{seeded.stdout}{seeded.stderr}")
        yield url


def assert_no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"] if page.viewport_size else False


@pytest.mark.parametrize(
    ("size", "viewport"), [("desktop", WIDE), ("phone", PHONE)], ids=["desktop", "phone"]
)
def test_profile_history_and_figures(
    open_person: Callable[..., Page], size: str, viewport: ViewportSize
) -> None:
    page = open_person(viewport=viewport, is_mobile=size == "phone", has_touch=size == "phone")
    log_in(page, "dolores", "Dolores")
    page.goto("/accounts/profile/")

    rummy = page.locator('#game-records .figures-game[data-game="rummy70"]')
    expect(rummy.locator(".figure-played")).to_have_attribute("data-value", "24")
    expect(rummy.locator(".figure-openings")).to_be_visible()
    rows = page.locator("#match-history tr.past-match")
    expect(rows).to_have_count(20)
    latest = rows.first
    expect(latest.locator(".past-players a", has_text="Fermín")).to_be_visible()
    expect(latest.locator(".past-outcome")).to_contain_text(" de 3")
    expect(latest.locator(".past-replay a")).to_be_visible()
    expect(latest.locator(".past-players a", has_text="Esteban Ruiz-Castellanos")).to_be_visible()
    assert_no_sideways_scroll(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"profile-{size}.png", full_page=True)

    latest.locator(".past-replay a").click()
    page.wait_for_url("**/tables/*/hands/*/")
    page.go_back()
    page.click("#history-next")
    expect(rows).to_have_count(4)
    expect(page.locator("#history-previous")).to_be_visible()
    assert_no_sideways_scroll(page)

    page.locator(
        "#match-history .past-players a", has_text="Esteban Ruiz-Castellanos"
    ).first.click()
    expect(page.locator("#profile-display-name")).to_have_text("Esteban Ruiz-Castellanos")
    expect(page.locator("#rename-link")).to_have_count(0)
    expect(page.locator("#match-history tr.past-match")).to_have_count(20)
