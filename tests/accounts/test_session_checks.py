"""The question a table socket asks before every command: does the session it was opened in
still sign its user in? Asked of real sessions made by logging in."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.accounts.sessions import signs_in
from games.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "a pass phrase for the sockets 1982"


def session_of(user: User) -> str:
    """The key of a session where ``user`` logged in with his password."""
    user.set_password(PASSWORD)
    user.save()
    client = Client()
    answer = client.post("/accounts/login/", {"username": user.username, "password": PASSWORD})
    assert answer.status_code == 302
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def test_a_live_session_signs_its_user_in_with_one_query(ana: User) -> None:
    key = session_of(ana)

    with CaptureQueriesContext(connection) as queries:
        assert signs_in(session_key=key, user_id=ana.pk)
    assert len(queries.captured_queries) == 1


def test_a_session_signs_in_nobody_else(ana: User, bruno: User) -> None:
    key = session_of(ana)

    assert not signs_in(session_key=key, user_id=bruno.pk)


def test_an_expired_session_signs_nobody_in(ana: User) -> None:
    key = session_of(ana)
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(1))

    assert not signs_in(session_key=key, user_id=ana.pk)


def test_a_deactivated_account_is_signed_in_no_more(ana: User) -> None:
    key = session_of(ana)
    User.objects.filter(pk=ana.pk).update(is_active=False)

    assert not signs_in(session_key=key, user_id=ana.pk)


def test_a_password_changed_elsewhere_ends_the_session(ana: User) -> None:
    key = session_of(ana)
    ana.set_password("another pass phrase entirely 1990")
    ana.save()

    assert not signs_in(session_key=key, user_id=ana.pk)


def test_a_deleted_account_or_a_missing_session_signs_nobody_in(ana: User) -> None:
    key = session_of(ana)

    assert not signs_in(session_key="no-such-session", user_id=ana.pk)
    assert not signs_in(session_key=None, user_id=ana.pk)
    ana.delete()
    assert not signs_in(session_key=key, user_id=ana.pk)
