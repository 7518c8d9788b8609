"""Which private tables a browser session may open: those whose invite link it has visited."""

from django.contrib.sessions.backends.base import SessionBase

SESSION_KEY = "table_access"


def grant_table_access(*, session: SessionBase, table_id: int) -> None:
    granted = list(session.get(SESSION_KEY, []))
    if table_id not in granted:
        session[SESSION_KEY] = [*granted, table_id]


def granted_table_ids(*, session: SessionBase | None) -> frozenset[int]:
    if session is None:
        return frozenset()
    return frozenset(session.get(SESSION_KEY, []))
