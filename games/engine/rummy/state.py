"""The plain data of a Rummy 70 match: options, the state of the table, a hand's result.

``State`` is a mutable dataclass, but nothing outside :mod:`games.engine.rummy.rules` changes
one: ``apply`` works on :meth:`State.copy` and hands the copy back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from games.engine.cards import Card
from games.engine.rummy.errors import BadOptions
from games.engine.rummy.melds import JOKER_IN_HAND_POINTS, Meld

OPENING_POINTS = 70
HAND_SIZE = 14
ELIMINATION_POINTS = 3
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4

Phase = Literal["draw", "play", "hand_over", "match_over"]
Ending = Literal["seco", "no_abiertos", "abiertos", "agotada"]


@dataclass(frozen=True, slots=True)
class Options:
    """Table options, with the RULES.md defaults."""

    joker_penalty: int = JOKER_IN_HAND_POINTS

    def to_json(self) -> dict[str, Any]:
        return {"joker_penalty": self.joker_penalty}

    @classmethod
    def from_json(cls, data: object) -> Options:
        if not isinstance(data, dict) or set(data) - {"joker_penalty"}:
            raise BadOptions(reason=repr(data))
        penalty = data.get("joker_penalty", JOKER_IN_HAND_POINTS)
        if type(penalty) is not int or not 0 <= penalty <= 100:
            raise BadOptions(reason=f"joker_penalty={penalty!r}")
        return cls(joker_penalty=penalty)


@dataclass(frozen=True, slots=True)
class Cut:
    """Who cut before the deal, the card he showed, whether he kept it (a joker)."""

    seat: int
    card: Card
    kept: bool


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: the closer, the kind of ending, what each seat counted and took."""

    ending: Ending
    closer: int | None
    hand_points: tuple[int | None, ...]
    penalties: tuple[int, ...]
    eliminated: tuple[int, ...]


@dataclass
class State:
    seed: int | str
    players: int
    options: Options
    hand_no: int
    dealer: int
    points: list[int]
    phase: Phase
    turn: int
    hands: list[list[Card]]
    opened: list[bool]
    melds: list[Meld] = field(default_factory=list)
    stock: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    face_down: list[Card] = field(default_factory=list)
    cut: Cut | None = None
    turns_begun: int = 0
    must_play: list[Card] = field(default_factory=list)
    open_with: Card | None = None
    rebuilds: int = 0
    ready: list[bool] = field(default_factory=list)
    result: HandResult | None = None
    winner: int | None = None

    def copy(self) -> State:
        """An independent copy (cards and melds are immutable, so lists are enough)."""
        return State(
            seed=self.seed,
            players=self.players,
            options=self.options,
            hand_no=self.hand_no,
            dealer=self.dealer,
            points=list(self.points),
            phase=self.phase,
            turn=self.turn,
            hands=[list(hand) for hand in self.hands],
            opened=list(self.opened),
            melds=list(self.melds),
            stock=list(self.stock),
            discards=list(self.discards),
            face_down=list(self.face_down),
            cut=self.cut,
            turns_begun=self.turns_begun,
            must_play=list(self.must_play),
            open_with=self.open_with,
            rebuilds=self.rebuilds,
            ready=list(self.ready),
            result=self.result,
            winner=self.winner,
        )

    def in_match(self, seat: int) -> bool:
        return self.points[seat] < ELIMINATION_POINTS

    @property
    def active_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.in_match(seat)]

    def next_seat(self, seat: int) -> int:
        """The next player still in, counter-clockwise (to the right)."""
        for step in range(1, self.players + 1):
            candidate = (seat + step) % self.players
            if self.in_match(candidate):
                return candidate
        raise AssertionError("no player left")

    def previous_seat(self, seat: int) -> int:
        """The previous player still in: the one on ``seat``'s left."""
        for step in range(1, self.players + 1):
            candidate = (seat - step) % self.players
            if self.in_match(candidate):
                return candidate
        raise AssertionError("no player left")

    @property
    def first_round(self) -> bool:
        """True while the first full turn of the table is being played."""
        return self.turns_begun <= len(self.active_seats)

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None
