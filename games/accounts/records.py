"""Games played and won, per game, for the profile page.

The accounts package knows no game. A game that stores its results registers a source once, at
start-up (in ``GamesConfig.ready`` or in a module it imports)::

    register_record_source(game="rummy70", label=_("Rummy 70"), source=rummy70_tally)

where ``rummy70_tally(*, user)`` returns a ``Tally``. The profile then lists that game for every
user, in the order the sources were registered.
"""

from dataclasses import dataclass
from typing import Protocol

from django.utils.functional import Promise

from games.models import User


@dataclass(frozen=True)
class Tally:
    played: int
    won: int


class TallySource(Protocol):
    def __call__(self, *, user: User) -> Tally: ...


@dataclass(frozen=True)
class GameRecord:
    game: str
    label: str | Promise
    played: int
    won: int


@dataclass(frozen=True)
class _Registration:
    label: str | Promise
    source: TallySource


_sources: dict[str, _Registration] = {}


def register_record_source(*, game: str, label: str | Promise, source: TallySource) -> None:
    """Make ``game`` appear on profiles. Registering the same game again replaces its source."""
    _sources[game] = _Registration(label=label, source=source)


def game_records(*, user: User) -> list[GameRecord]:
    """One record per registered game, zero when the user never played it."""
    records = []
    for game, registration in _sources.items():
        tally = registration.source(user=user)
        records.append(
            GameRecord(game=game, label=registration.label, played=tally.played, won=tally.won)
        )
    return records
