"""A socket acts for its user only while the session it was opened in still signs him in.

Every socket of a signed-in user joins his group (:func:`user_group`). A logout, a password
change and the account's deletion nudge that group once they are committed
(:func:`end_user_sockets`); each socket then asks whether its own session still signs the user in
(:func:`signs_in`) and closes if not. The nudge is only the prompt way: a table socket asks the
same question before every command, so a nudge that was lost changes nothing either."""

import hashlib
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


def signs_in(*, session_key: str | None, user_id: int) -> bool:
    """Whether the session stored under ``session_key`` still signs in ``user_id``: it exists
    (no logout, not expired), it names him and a backend we use, he exists and that backend lets
    him log in, and it carries his current session hash (a password change made in another
    session alters it). Changes nothing, and reads the session and the user afresh in one query:
    a table socket asks before every command (the sessions live in the database, Django's
    default engine)."""
    if not session_key:
        return False
    engine: Any = import_module(settings.SESSION_ENGINE)
    user = _user_and_session(engine.SessionStore.get_model_class(), session_key, user_id)
    encoded = None if user is None else getattr(user, "session_data", None)
    if user is None or encoded is None:
        return False
    data = engine.SessionStore().decode(encoded)
    backend_path = data.get(BACKEND_SESSION_KEY)
    if (
        data.get(SESSION_KEY) != str(user_id)
        or backend_path not in settings.AUTHENTICATION_BACKENDS
        or not _may_log_in(load_backend(backend_path), user)
    ):
        return False
    return constant_time_compare(data.get(HASH_SESSION_KEY, ""), user.get_session_auth_hash())


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
