"""The browser suite's fixtures: the real site in a subprocess (a fresh SQLite database, daphne on
a free loopback port), Debian's Chromium driven by Playwright's sync API, and one browser context
per person in a test. Every wait is bounded; the server is always stopped."""

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

from tests.e2e.actions import ARTIFACTS, DESKTOP, ROOT, SCREENSHOTS

SERVER_LOG = ARTIFACTS / "e2e-server.log"
DEALT_SERVER_LOG = ARTIFACTS / "e2e-dealt-server.log"
DEALS = Path(__file__).resolve().parent / "deals" / "games.json"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

MIGRATE_SECONDS = 120
STARTUP_SECONDS = 30
STOP_SECONDS = 10
ACTION_TIMEOUT_MS = 15_000

# Counts the websockets that the htmx ws extension has opened on the page, so a test can wait until
# a page is listening before another user acts.
COUNT_OPEN_SOCKETS = """
document.addEventListener("htmx:wsOpen", () => {
  window.cardroomOpenSockets = (window.cardroomOpenSockets || 0) + 1;
});
"""

expect.set_options(timeout=ACTION_TIMEOUT_MS)

FAILED_CALL = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> object:
    report = yield
    if report.when == "call":
        item.stash[FAILED_CALL] = report.failed
    return report


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_until_serving(server: subprocess.Popen[bytes], url: str, log_path: Path) -> None:
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"daphne exited with {server.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # serving; 503 only says this site runs no Celery worker
        except OSError:
            time.sleep(0.2)
    log = log_path.read_text()
    pytest.fail(f"{url} did not answer within {STARTUP_SECONDS} s:\n{log}")


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=STOP_SECONDS)


def site_environment(folder: Path, **settings: str) -> dict[str, str]:
    """The environment of the site whose database and Celery queue are in `folder`: its server's,
    and that of a script that changes its data (tests/e2e/profile_seed.py)."""
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    env.update(
        SQLITE_PATH=str(folder / "e2e.sqlite3"),
        CELERY_FOLDER=str(folder / "celery"),
        DEBUG="1",
        CARDROOM_THROTTLING="0",
        PYTHONUNBUFFERED="1",
        DJANGO_SETTINGS_MODULE="cardroom.settings",
        **settings,
    )
    return env


@contextmanager
def running_site(folder: Path, log_path: Path, **settings: str) -> Iterator[str]:
    """Migrates a fresh SQLite database in `folder`, serves the site with daphne on a free port
    (embedded default, DEBUG on, `settings` as extra environment variables) and yields its URL;
    the server is always stopped. Its rate limits are off: the suite signs up a score of people
    from one address within minutes (tests/accounts/test_throttling.py pins the limits)."""
    env = site_environment(folder, **settings)
    migrate = subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=MIGRATE_SECONDS,
    )
    if migrate.returncode != 0:
        pytest.fail(f"migrate failed:\n{migrate.stdout}{migrate.stderr}")

    port = free_port()
    ARTIFACTS.mkdir(exist_ok=True)
    with log_path.open("wb") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            + ["cardroom.asgi:application"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_serving(server, url + "/healthz", log_path)
        yield url
    finally:
        stop(server)


@pytest.fixture(scope="session")
def site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site as `make run` serves it (embedded default), on its own database and port, with no
    Celery worker: these tests use no turn clock and no bot."""
    with running_site(tmp_path_factory.mktemp("site"), SERVER_LOG) as url:
        yield url


@pytest.fixture(scope="session")
def dealt_site_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A second site whose every new match starts with the fixed deals of `deals/games.json`
    (the test-only `CARDROOM_DEALS` of docs/live-tables.md, honoured with DEBUG on). A test module
    plays on it by overriding `site_url` with this fixture."""
    folder = tmp_path_factory.mktemp("dealt-site")
    with running_site(folder, DEALT_SERVER_LOG, CARDROOM_DEALS=str(DEALS)) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, timeout=30_000
        )
        yield browser
        browser.close()


@pytest.fixture
def open_person(
    browser: Browser, site_url: str, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Page]]:
    """Opens a page in a new browser context: a person of their own, with their own cookies.
    Spanish, the site's first language, unless told otherwise. Keyword arguments go to
    `Browser.new_context` (viewport, storage_state, is_mobile...)."""
    contexts: list[BrowserContext] = []

    def open_page(**options: Any) -> Page:
        options.setdefault("viewport", DESKTOP)
        options.setdefault("locale", "es-ES")
        context = browser.new_context(base_url=site_url, **options)
        context.set_default_timeout(ACTION_TIMEOUT_MS)
        context.add_init_script(COUNT_OPEN_SOCKETS)
        contexts.append(context)
        return context.new_page()

    yield open_page

    if request.node.stash.get(FAILED_CALL, False):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pages = [page for context in contexts for page in context.pages]
        for number, page in enumerate(pages):
            page.screenshot(path=SCREENSHOTS / f"failed-{request.node.name}-{number}.png")
    for context in contexts:
        context.close()
