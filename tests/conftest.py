"""Fixtures shared by the web tests."""

from collections.abc import Callable, Iterator

import pytest
from channels.layers import channel_layers
from django.conf import settings
from django.core.cache import cache
from django.db import connections
from django.test import override_settings
from django.utils import translation

from cardroom.celery import app as celery_app
from games.models import User
from games.tables.snapshots import SNAPSHOTS
from tests.support.house import HOUSE_GAMES

MakeUser = Callable[..., User]


@pytest.fixture
def make_user(db: None) -> MakeUser:
    """Creates a player with a display name (and no usable password: tests log in directly)."""

    def make(display_name: str, *, is_guest: bool = False) -> User:
        username = display_name.lower().replace(" ", "_")
        return User.objects.create(username=username, display_name=display_name, is_guest=is_guest)

    return make


@pytest.fixture
def english() -> Iterator[None]:
    """Reads the site in English (the default language is Spanish)."""
    with translation.override("en"):
        yield


@pytest.fixture
def ana(make_user: MakeUser) -> User:
    return make_user("Ana")


@pytest.fixture
def bruno(make_user: MakeUser) -> User:
    return make_user("Bruno")


@pytest.fixture
def carmen(make_user: MakeUser) -> User:
    return make_user("Carmen")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """On SQLite the test database is a file rather than shared memory, so that threads and a
    daphne subprocess use it as the site does: WAL, and writers serialized by IMMEDIATE
    transactions."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] == "django.db.backends.sqlite3":
        path = tmp_path_factory.mktemp("database") / "test.sqlite3"
        database.setdefault("TEST", {})["NAME"] = str(path)


@pytest.fixture(autouse=True, scope="session")
def connections_closed_after_use() -> None:
    """The site keeps a PostgreSQL connection open in each worker thread for as long as the
    thread runs; in the suite, such a connection outlived its test and kept the test database
    from being dropped at the end. Each thread's connection closes after each use, as it does on
    SQLite."""
    for alias in connections:
        connections.settings[alias]["CONN_MAX_AGE"] = 0


@pytest.fixture(autouse=True, scope="session")
def celery_in_memory() -> None:
    """Tasks the suite's own services send stay in this process's memory, where no worker reads
    them: tests call the task functions (or the sweep) themselves, and the service-backed tests
    run their own worker against Redis, which the sweep feeds from the database."""
    celery_app.conf.broker_url = "memory://localhost/"


@pytest.fixture(autouse=True)
def forget_table_snapshots() -> Iterator[None]:
    """Each test's database starts afresh, and SQLite hands out a rolled-back table's id again:
    the process's snapshots of an earlier test's tables must not stand for this test's."""
    SNAPSHOTS.forget()
    yield
    SNAPSHOTS.forget()


@pytest.fixture(autouse=True)
def fresh_channel_layer() -> Iterator[None]:
    """Each async test runs on an event loop of its own, and the Redis channel layer keeps locks
    that belong to the loop that took them. A socket an earlier test left listening when its loop
    closed would hold such a lock for ever, and this test's sockets would fail on it: each test
    gets a channel layer of its own."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture(autouse=True)
def rummy_matches_deal_from_a_known_seed() -> Iterator[None]:
    """A Rummy 70 match the tests start deals from a fixed seed whose first cut is no joker (a
    random one shows a joker one time in 53, and the cutter must then choose before anybody
    draws), so no test meets the cut question by chance. Tests that fix their own deal override
    the whole setting; the tests of the cut fix a deal that cuts a joker."""
    if "rummy70" in settings.CARDROOM_DEALS:
        yield
        return
    deals = {**settings.CARDROOM_DEALS, "rummy70": {"seed": "tests"}}
    with override_settings(CARDROOM_DEALS=deals):
        yield


@pytest.fixture(autouse=True)
def house_tables_deal_from_a_known_seed() -> Iterator[None]:
    """A house table the tests open deals from a fixed seed: a random one lays a void Monte
    grid (four of a rank) now and then, a coup that takes no bet, which a test betting on its
    first coup would meet by chance. Tests that fix their own deal keep it."""
    seeds = {game: {"seed": "tests"} for game in HOUSE_GAMES if game not in settings.CARDROOM_DEALS}
    with override_settings(CARDROOM_DEALS={**settings.CARDROOM_DEALS, **seeds}):
        yield


@pytest.fixture(autouse=True)
def fresh_rate_limits() -> Iterator[None]:
    """The rate limits, socket counts and log-in attempts count in the cache: every test starts
    with none, whatever the tests before it did from the same address."""
    cache.clear()
    yield
    cache.clear()
