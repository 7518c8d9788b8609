"""What the table plumbing knows of one game: a :class:`GameKind`, built by the game's own adapter
(``games.kinds.<game>``) and listed in ``games.kinds.registry``. The plumbing asks it, never the
game's name: its engine (``rules``, matches through the engine protocol), its table options and
seats, its screen (view -> page parts, browser form -> move), its moves in words, the figures its
hands add to a profile, and its rules page."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from games.engine.protocol import JsonObject, View
from games.kinds.house import BankedRules
from games.kinds.match import Rules
from games.kinds.options import Option, OptionValue
from games.kinds.screens import Part, PlayerInfo, Shared, TableFacts
from games.kinds.tournament_plan import TournamentRules

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class Parts(Protocol):
    def __call__(
        self,
        view: View,
        *,
        players: Sequence[PlayerInfo],
        viewer_seat: int | None,
        facts: TableFacts,
        shared: Shared = ...,
    ) -> dict[str, Part]:
        """The screen's parts for one viewer, by element id in page order (docs/game-screens.md);
        those every viewer given the same key is shown alike come from ``shared``."""
        ...


class Board(Protocol):
    def __call__(
        self, view: View, *, players: Sequence[PlayerInfo], facts: TableFacts
    ) -> list[Part]:
        """A replay step's board: the screen's parts without any control, in page order."""
        ...


class Describe(Protocol):
    def __call__(
        self,
        action: dict[str, Any],
        *,
        actor: str,
        seat: int | None,
        viewer: int | None,
        before: View,
        after: View,
    ) -> str:
        """A logged move in words, as ``viewer`` read it (``games.kinds.move_words``)."""
        ...


class MarkMove(Protocol):
    def __call__(self, action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
        """Where a move landed on the board, read from the spectator's views before and after
        it (``games.tables.move_log``): what the game marks besides the seat and the move's kind."""
        ...


@dataclass(frozen=True)
class Screen:
    """The game's screen: ``parts`` for the live table, ``board`` for a replay step, and
    ``move_from_fields``: a browser form's fields -> the move (its JSON form), raising
    ``InvalidAction`` on anything else."""

    parts: Parts
    board: Board
    move_from_fields: Callable[[dict[str, object]], JsonObject]


@dataclass(frozen=True)
class RulesPage:
    """A game's "how to play" page: its template and what it shows besides the text (worked
    examples built from real cards)."""

    template: str
    context: dict[str, object]


@dataclass(frozen=True)
class Seating:
    """How many seats a table of the game may have (``counts``), how many "Play now" opens
    (``quick``), how many players a match needs to start, the refusal of any other count and
    the create-a-table form's help about it."""

    counts: tuple[int, ...]
    quick: int
    minimum_players: int
    refusal: StrOrPromise
    help: StrOrPromise


@dataclass(frozen=True)
class GameKind:
    """One game as the plumbing sees it. ``check_options``: the game's checks across its
    options, once each is valid alone (the refusal, or ``None``). ``figures``: the counted figures
    of ``PlayerFigures`` that mean something in the game; ``hand_counts``: what a finished hand
    adds to each engine seat's figures, read from its ``Hand.result``. ``drawing_moves``: the
    kinds of move that bring cards to the mover's hand (only they mark cards in it).
    ``tournament``: how the game's tournaments seat, deal and place (``None``: it has none)."""

    name: str
    label: StrOrPromise
    rules: Rules
    seating: Seating
    options: tuple[Option, ...]
    options_legend: StrOrPromise
    check_options: Callable[[Mapping[str, OptionValue]], StrOrPromise | None]
    screen: Screen
    describe: Describe
    mark_move: MarkMove
    drawing_moves: frozenset[str]
    figures: tuple[str, ...]
    hand_counts: Callable[[Mapping[str, Any]], dict[int, Counter[str]]]
    rules_title: StrOrPromise
    rules_page: Callable[[], RulesPage]
    tournament: TournamentRules | None

    @property
    def banked(self) -> bool:
        """Whether the house banks the game: its tables have a dealer, not turns
        (``games.tables.house``)."""
        return isinstance(self.rules, BankedRules)
