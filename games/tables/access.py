"""Which private tables and tournaments a browser session may open: those whose invite link it
has visited, and every table of a tournament whose invite link it has visited."""

from django.contrib.sessions.backends.base import SessionBase

from games.models import Table

SESSION_KEY = "table_access"
TOURNAMENT_SESSION_KEY = "tournament_access"


def grant_table_access(*, session: SessionBase, table_id: int) -> None:
    _grant(session, SESSION_KEY, table_id)


def granted_table_ids(*, session: SessionBase | None) -> frozenset[int]:
    """The tables this session was let into: by their own invite links, and every table of the
    tournaments it was let into (a tournament draws its tables once, at its start)."""
    tables = _granted(session, SESSION_KEY)
    tournaments = granted_tournament_ids(session=session)
    if not tournaments:
        return tables
    drawn = Table.objects.filter(tournament_id__in=tournaments).values_list("pk", flat=True)
    return tables | frozenset(drawn)


def grant_tournament_access(*, session: SessionBase, tournament_id: int) -> None:
    _grant(session, TOURNAMENT_SESSION_KEY, tournament_id)


def granted_tournament_ids(*, session: SessionBase | None) -> frozenset[int]:
    return _granted(session, TOURNAMENT_SESSION_KEY)


def _grant(session: SessionBase, key: str, pk: int) -> None:
    granted = list(session.get(key, []))
    if pk not in granted:
        session[key] = [*granted, pk]


def _granted(session: SessionBase | None, key: str) -> frozenset[int]:
    if session is None:
        return frozenset()
    return frozenset(session.get(key, []))
