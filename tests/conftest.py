"""Fixtures shared by the web tests."""

from collections.abc import Callable, Iterator

import pytest
from django.utils import translation

from games.models import User

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
