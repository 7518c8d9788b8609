"""The plain data of a Rummy 70 match: options, the state of the table, a hand's result.

``State`` is a mutable dataclass, but nothing outside :mod:`games.engine.rummy.rules` changes
one: ``apply`` works on :meth:`State.copy` and hands the copy back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from games.engine.cards import Card
from games.engine.places import places_from
from games.engine.rummy.errors import BadOptions
from games.engine.rummy.melds import JOKER_IN_HAND_POINTS, Meld

OPENING_POINTS = 70
HAND_SIZE = 14
ELIMINATION_POINTS = 3
MIN_PLAYERS, MAX_PLAYERS, DEFAULT_PLAYERS = 2, 6, 4

Phase = Literal["cut", "draw", "play", "hand_over", "match_over"]
Ending = Literal["seco", "no_abiertos", "abiertos", "agotada"]


@dataclass(frozen=True, slots=True)
class Options:
    """Table options, with the RULES.md defaults.

    ``cut_choice`` is not the host's to choose: it records the rules a match was dealt under, so
    that its log replays. True (every new match): a cutter who shows a joker is asked whether he
    keeps it, and a cut card not kept goes back into the stock at a random place. False (matches
    stored before, whose options lack it): the joker was kept at once and any other cut card went
    to the bottom of the deck.

    ``points``: the penalty points each seat starts the match with (a tournament carries them
    from hand to hand), ``None`` for 0 each; ``dealer``: the seat that deals the first hand,
    ``None`` for one drawn by lot from the seed. Neither is written to JSON when ``None``."""

    joker_penalty: int = JOKER_IN_HAND_POINTS
    cut_choice: bool = True
    points: tuple[int, ...] | None = None
    dealer: int | None = None

    def __post_init__(self) -> None:
        if self.points is not None and any(
            type(p) is not int or not 0 <= p < ELIMINATION_POINTS for p in self.points
        ):
            raise BadOptions(reason=f"points={self.points!r}")
        if self.dealer is not None and (type(self.dealer) is not int or self.dealer < 0):
            raise BadOptions(reason=f"dealer={self.dealer!r}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"joker_penalty": self.joker_penalty, "cut_choice": self.cut_choice}
        if self.points is not None:
            data["points"] = list(self.points)
        if self.dealer is not None:
            data["dealer"] = self.dealer
        return data

    @classmethod
    def from_json(cls, data: object) -> Options:
        if not isinstance(data, dict) or set(data) - {
            "joker_penalty",
            "cut_choice",
            "points",
            "dealer",
        }:
            raise BadOptions(reason=repr(data))
        penalty = data.get("joker_penalty", JOKER_IN_HAND_POINTS)
        if type(penalty) is not int or not 0 <= penalty <= 100:
            raise BadOptions(reason=f"joker_penalty={penalty!r}")
        cut_choice = data.get("cut_choice", False)
        if type(cut_choice) is not bool:
            raise BadOptions(reason=f"cut_choice={cut_choice!r}")
        points = data.get("points")
        if points is not None and not isinstance(points, list):
            raise BadOptions(reason=f"points={points!r}")
        return cls(
            joker_penalty=penalty,
            cut_choice=cut_choice,
            points=None if points is None else tuple(points),
            dealer=data.get("dealer"),
        )

    def starting_points(self, players: int) -> list[int]:
        """Each seat's points when the match begins."""
        if self.points is None:
            return [0] * players
        if len(self.points) != players:
            raise BadOptions(reason=f"points for {len(self.points)} seats, {players} playing")
        return list(self.points)


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
    out_hand: list[int | None] = field(default_factory=list)  # the hand each seat went out in

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
            out_hand=list(self.out_hand),
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

    def places(self) -> list[int]:
        """Each seat's place in the match: a later elimination ranks higher, players out in the
        same hand share a place, a player still in ranks above every eliminated one."""
        out_hand = self.out_hand or [None] * self.players
        return places_from(
            [
                (float("inf"),) if self.in_match(seat) else (float(out_hand[seat] or 0),)
                for seat in range(self.players)
            ]
        )

    @property
    def first_round(self) -> bool:
        """True while the first full turn of the table is being played."""
        return self.turns_begun <= len(self.active_seats)

    @property
    def top_discard(self) -> Card | None:
        return self.discards[-1] if self.discards else None
