"""A socket acts for its user only while the session it was opened in still signs him in.

Every socket of a signed-in user joins his group (:func:`user_group`). A logout, a password
change and the account's deletion nudge that group once they are committed
(:func:`end_user_sockets`); each socket then asks whether its own session still signs the user in
(:func:`signs_in`) and closes if not. The nudge is only the prompt way: a table socket asks the
same question before every command, so a nudge that was lost changes nothing either. A move asks
it inside its own statement: the socket keeps the :class:`SessionSeal` of its last check, and the
move's statement writes only while the session and the user are as that check found them
(:func:`seal_condition`); otherwise nothing is written, the socket checks afresh, and closes or
makes the move as that check says."""

import functools
import hashlib
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, load_backend
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_out
from django.db import connection, transaction
from django.db.models import Model
from django.db.models.signals import post_delete
from django.http import HttpRequest
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from games.models import User
from games.tables.broadcasts import nudge_group

SESSION_CHECK = "session.check"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def session_digest(session_key: str | None) -> str:
    """What a nudge says of the session that ended: a digest, so that no session key travels
    through the channel layer."""
    return hashlib.sha256(session_key.encode()).hexdigest() if session_key else ""


@dataclass(frozen=True)
class SessionSeal:
    """What a check found when the session ``session_key`` signed ``user_id`` in: the session's
    stored data, and the user's password hash, each as its MD5 digest (the database compares
    those; neither the session's data nor the password's hash travels in a statement). While the
    session keeps that data and has not expired, and the user keeps that password and stays
    active, the check would find the same (:func:`seal_condition`)."""

    session_key: str
    data_digest: str
    user_id: int
    password_digest: str


class SessionUnchecked(Exception):
    """A command given a :class:`SessionSeal` could not be carried out under it, and nothing was
    written: the caller checks the session and asks again without the seal."""


def signs_in(*, session_key: str | None, user_id: int) -> bool:
    """Whether the session stored under ``session_key`` still signs in ``user_id``."""
    return sealed_session(session_key=session_key, user_id=user_id) is not None


def sealed_session(*, session_key: str | None, user_id: int) -> SessionSeal | None:
    """The seal of the session stored under ``session_key`` if it still signs in ``user_id``: it
    exists (no logout, not expired), it names him and a backend we use, he exists and that backend
    lets him log in, and it carries his current session hash (a password change made in another
    session alters it). ``None`` if not. Changes nothing, and reads the session and the user
    afresh in one query: a table socket asks before every command (the sessions live in the
    database, Django's default engine), or seals its move's statement with the answer."""
    if not session_key:
        return None
    engine: Any = import_module(settings.SESSION_ENGINE)
    user = _user_and_session(engine.SessionStore.get_model_class(), session_key, user_id)
    encoded = None if user is None else getattr(user, "session_data", None)
    if user is None or encoded is None:
        return None
    data = engine.SessionStore().decode(encoded)
    backend_path = data.get(BACKEND_SESSION_KEY)
    if (
        data.get(SESSION_KEY) != str(user_id)
        or backend_path not in settings.AUTHENTICATION_BACKENDS
        or not _may_log_in(load_backend(backend_path), user)
        or not constant_time_compare(data.get(HASH_SESSION_KEY, ""), user.get_session_auth_hash())
    ):
        return None
    return SessionSeal(session_key, _md5(encoded), user_id, _md5(user.password))


def _md5(text: str) -> str:
    """The digest PostgreSQL's ``md5()`` gives of ``text``: a mark of change, not a secret."""
    return hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()


@functools.cache
def seal_condition() -> str:
    """A condition for a PostgreSQL statement (the only database a sealed move's statement runs
    on), true while a seal holds (its parameters: :func:`seal_params`): the session row with the
    sealed data, unexpired, and the user with the sealed password, active. No stricter than the
    check itself, and the model backend, the only one that logs anybody in, asks nothing more of a
    user than to be active."""
    quote = connection.ops.quote_name
    sessions = import_module(settings.SESSION_ENGINE).SessionStore.get_model_class()._meta
    users = User._meta

    def column(meta: Any, field: str) -> str:
        return quote(meta.get_field(field).column)

    return (
        f"EXISTS (SELECT 1 FROM {quote(sessions.db_table)}"
        f" WHERE {column(sessions, 'session_key')} = %s"
        f" AND md5({column(sessions, 'session_data')}) = %s"
        f" AND {column(sessions, 'expire_date')} > %s)"
        f" AND EXISTS (SELECT 1 FROM {quote(users.db_table)} WHERE {quote(users.pk.column)} = %s"
        f" AND md5({column(users, 'password')}) = %s AND {column(users, 'is_active')})"
    )


def seal_params(seal: SessionSeal) -> list[Any]:
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    return [seal.session_key, seal.data_digest, now, seal.user_id, seal.password_digest]


def _user_and_session(session_model: type[Model], session_key: str, user_id: int) -> User | None:
    """The user ``user_id`` with the data of the session ``session_key`` unless it has expired
    (``session_data``, ``None`` without one), in one statement written out: the ORM took longer
    to build it than the database to answer it."""
    quote = connection.ops.quote_name
    users, sessions = quote(User._meta.db_table), quote(session_model._meta.db_table)
    statement = (
        f"SELECT {users}.*, {sessions}.session_data FROM {users} LEFT JOIN {sessions}"
        f" ON {sessions}.session_key = %s AND {sessions}.expire_date > %s"
        f" WHERE {users}.{quote(User._meta.pk.column)} = %s"
    )
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    return next(iter(User.objects.raw(statement, [session_key, now, user_id])), None)


def _may_log_in(backend: object, user: User) -> bool:
    """What the backend that logged the user in says of him now (a deactivated account may not):
    the model backend (or one built on it) is the only one that logs anybody in here."""
    return isinstance(backend, ModelBackend) and backend.user_can_authenticate(user)


def end_user_sockets(*, user_id: int, ended_session_key: str | None = None) -> None:
    """Once the current transaction commits, ask every socket of ``user_id`` whether its session
    still signs him in; those of ``ended_session_key`` (a logout, whose session is flushed only
    after this call) close without asking."""
    message = {"type": SESSION_CHECK, "ended": session_digest(ended_session_key)}
    transaction.on_commit(lambda: nudge_group(user_group(user_id), message))


def _logged_out(sender: type, request: HttpRequest, user: User | None, **kwargs: object) -> None:
    if user is not None:
        end_user_sockets(user_id=user.pk, ended_session_key=request.session.session_key)


def _deleted(sender: type, instance: User, **kwargs: object) -> None:
    end_user_sockets(user_id=instance.pk)


def connect_session_ends() -> None:
    """Every logout (the site's, the admin's) and every deletion of an account, however it is
    made, ends the sockets concerned. Password changes call :func:`end_user_sockets` themselves:
    Django sends no signal for them."""
    user_logged_out.connect(_logged_out, dispatch_uid="games.session_ends.logout")
    post_delete.connect(_deleted, sender=User, dispatch_uid="games.session_ends.delete")
