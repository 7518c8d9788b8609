"""What a game's screen works with (docs/game-screens.md): each game's screen
(``games.kinds.<game>.screen``, offered as ``GameKind.screen``) turns one viewer's view into the
screen's parts, in page order, each rendered on its own from plain data (``Part``), knowing the
players (``PlayerInfo``) and the table's facts besides the view (``TableFacts``). These are made
for every viewer at every move, so they are named tuples: made in about a third of a frozen
dataclass's time (docs/performance.md, twenty-eighth pass)."""

from collections.abc import Callable, Hashable, Mapping
from datetime import datetime
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

NOTHING: Mapping[Any, Any] = MappingProxyType({})


class PlayerInfo(NamedTuple):
    """One player of a match as a screen shows him. ``seat`` is the engine seat, ``position`` the
    table seat; ``name`` is raw text (templates escape it). ``rating`` is his rating at the
    table's game as shown (``None`` while unrated)."""

    seat: int
    position: int
    name: str
    is_viewer: bool
    connected: bool
    is_guest: bool = False
    is_bot: bool = False
    rating: int | None = None


def player_badges(info: PlayerInfo | None) -> dict[str, Any]:
    """The marks ``tables/_player_badges.html`` shows next to a player's name: guest, bot, and
    his rating; none for a seat without a known player."""
    if info is None:
        return {"is_guest": False, "is_bot": False, "rating": None}
    return {"is_guest": info.is_guest, "is_bot": info.is_bot, "rating": info.rating}


class Part(NamedTuple):
    """One element of the page: its template and the plain data it is rendered from (strings,
    whole numbers, booleans, ``None``, datetimes, and lists and dicts of them, the dicts keyed by
    strings as JSON's are: its digest is orjson's plain writing of it). The template sees
    only ``context``, so the same data always gives the same HTML: a rendering is shared between
    viewers and reused across versions (``games.live.part_cache``, which prints the numbers as they
    are; dates go through the ``date`` filter). The template renders exactly one top-level
    element, whose id is the part's, with ``hx-swap-oob``."""

    template: str
    context: dict[str, Any]


class TableFacts(NamedTuple):
    """What a game screen shows besides the engine's view: the table's id, when the next hand is
    dealt, the engine seats that asked for a rematch or said they are ready, the viewer's role
    (``player``, ``eliminated`` or ``spectator``) and the number of the table's last finished
        hand (the one a hand's end or a match's end links to for its replay). ``last_move``: where
    the hand's last move landed on the board, as this viewer may see it (``games.tables.move_log``;
    empty before the hand's first move). ``in_tournament``: the table is a tournament's, whose
    every match is one hand: the tournament deals the next (its countdown is the table page's) and
    no match there ends in a rematch. At a table the house banks (Monte, the stud, Pai Gow):
    ``closes_at``, when the open window (the bets, the players' decisions) closes on the clock,
    and ``balances``, each engine seat's chips in the player's wallet (the engine's own chips
    there are only a running count; the wallet is what a player has)."""

    table_id: int
    next_hand_at: datetime | None
    rematch_accepted: tuple[int, ...]
    ready_seats: tuple[int, ...]
    viewer_role: str
    last_hand: int | None = None
    last_move: Mapping[str, Any] = NOTHING
    in_tournament: bool = False
    closes_at: datetime | None = None
    balances: Mapping[int, int] = NOTHING


class Shared(Protocol):
    def __call__(self, key: str, build: Callable[[], Part]) -> Part:
        """The part ``build`` makes, made once for every viewer of the table at one version who
        reads one language and is given the same ``key``. The key names the part and everything
        it shows that is not the same for all those viewers (a player's melds part offers forms,
        a spectator's does not: two keys); a part that shows anything of the viewer's own (his
        hand, his moves) is not built through here."""
        ...

    def lasting(self, make: Callable[..., Part], *inputs: Hashable) -> Part:
        """``make(*inputs)``, a part of the viewer's own that is made of ``inputs`` alone (his
        hand, the cards he just drew): given again, not made again, to whoever asks with the same
        inputs in the same language, at this version or a later one. At a table most moves leave
        most players' own parts as they were."""
        ...


class BuiltAlone:
    """For one viewer alone (a page, a replay step, a test): every part is built for him."""

    def __call__(self, key: str, build: Callable[[], Part]) -> Part:
        return build()

    def lasting(self, make: Callable[..., Part], *inputs: Hashable) -> Part:
        return make(*inputs)


built_alone = BuiltAlone()


__all__ = ["Part", "PlayerInfo", "Shared", "TableFacts", "built_alone", "player_badges"]
