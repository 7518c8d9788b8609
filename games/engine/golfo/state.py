"""The state of a Golfo match: plain dataclasses, copied (never changed) by ``apply``."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from games.engine.cards import Card
from games.engine.golfo.options import Options, Stakes
from games.engine.places import places_from


class Lance(StrEnum):
    """The steps of a hand (lances), then the pauses between hands and after the match."""

    ENVITE_1 = "envite_1"  # after the first two cards
    ENVITE_2 = "envite_2"  # after three more
    DESCARTE_1 = "descarte_1"
    ENVITE_3 = "envite_3"
    DESCARTE_2 = "descarte_2"
    ENVITE_4 = "envite_4"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"


BETTING_LANCES = (Lance.ENVITE_1, Lance.ENVITE_2, Lance.ENVITE_3, Lance.ENVITE_4)
DISCARD_LANCES = (Lance.DESCARTE_1, Lance.DESCARTE_2)
HAND_LANCES = (
    Lance.ENVITE_1,
    Lance.ENVITE_2,
    Lance.DESCARTE_1,
    Lance.ENVITE_3,
    Lance.DESCARTE_2,
    Lance.ENVITE_4,
)


class Ending(StrEnum):
    FOLD_OUT = "fold_out"  # everybody else folded: the winner shows nothing
    SHOWDOWN = "showdown"


@dataclass
class Player:
    """One seat. ``committed`` is what he has put in the pot this hand (ante included),
    ``round_bet`` the part of it put in during the current betting round."""

    stack: int
    rebought: int = 0
    eliminated: bool = False
    in_hand: bool = False
    folded: bool = False
    hand: list[Card] = field(default_factory=list)
    committed: int = 0
    round_bet: int = 0
    acted: bool = False
    raise_mark: int = 0  # the round's count of full bets/raises when he last acted
    thrown: list[int] = field(default_factory=list)  # cards thrown in each discard (public)
    thrown_cards: list[Card] = field(default_factory=list)  # what he threw this hand (hidden)
    out_hand: int | None = None  # freezeout: the hand he went out in
    out_chips: int = 0  # freezeout: the chips he had when that hand began

    @property
    def live(self) -> bool:
        """Dealt into this hand and not folded."""
        return self.in_hand and not self.folded

    @property
    def all_in(self) -> bool:
        return self.live and self.stack == 0

    @property
    def can_act(self) -> bool:
        """Still able to bet: live with chips behind."""
        return self.live and self.stack > 0

    def copy(self) -> Player:
        return Player(
            self.stack,
            self.rebought,
            self.eliminated,
            self.in_hand,
            self.folded,
            list(self.hand),
            self.committed,
            self.round_bet,
            self.acted,
            self.raise_mark,
            list(self.thrown),
            list(self.thrown_cards),
            self.out_hand,
            self.out_chips,
        )


@dataclass
class PotResult:
    """One pot of a finished hand: who could win it, who did, and each winner's share."""

    amount: int
    eligible: list[int]
    winners: list[int]
    shares: list[int]


@dataclass
class HandResult:
    hand_no: int
    ending: Ending
    pots: list[PotResult]
    shown: dict[int, list[Card]]  # seat -> the hand he showed; empty after a fold-out
    tied: bool  # some pot was contested by hands of equal value
    put_in: list[int]  # chips each seat put in the pots (uncalled chips returned)


@dataclass
class State:
    options: Options
    seed: int | str
    players: list[Player]
    decks: dict[int, list[Card]]  # fixed deck tops by hand number (exact deals in tests)
    dealer: int
    hand_no: int = 0
    lance: Lance = Lance.HAND_OVER
    turn: int | None = None
    current_bet: int = 0  # the highest round_bet of this betting round
    min_raise: int = 0  # the smallest full bet or raise (the last full one; min_bet at first)
    full_raises: int = 0  # full bets and raises so far in this betting round
    stock: list[Card] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    rebuilds: int = 0  # stock rebuilds so far this hand (keys their shuffles)
    result: HandResult | None = None  # the last finished hand, shown until the next deal
    winner: int | None = None  # freezeout: the last player with chips

    def copy(self) -> State:
        """A copy that shares nothing mutable with this state (results are never changed)."""
        return State(
            self.options,
            self.seed,
            [player.copy() for player in self.players],
            self.decks,
            self.dealer,
            self.hand_no,
            self.lance,
            self.turn,
            self.current_bet,
            self.min_raise,
            self.full_raises,
            list(self.stock),
            list(self.discards),
            self.rebuilds,
            self.result,
            self.winner,
        )

    def places(self) -> list[int] | None:
        """Freezeout places: a later elimination ranks higher; players out in the same hand are
        placed by the chips they had when it began (equal chips share a place). A rebuy table
        has no places (each player's result is his net chips)."""
        if self.options.stakes is Stakes.REBUY:
            return None
        return places_from(
            [
                (float("inf"), 0.0)
                if not player.eliminated
                else (float(player.out_hand or 0), float(player.out_chips))
                for player in self.players
            ]
        )

    def net_chips(self) -> list[int]:
        """Each seat's chips against what he brought (the starting stack and every rebuy); a hand
        cut short counts as void, what he put in it his own."""
        brought = self.options.starting_stacks(len(self.players))
        return [
            player.stack + player.committed - stack - player.rebought
            for player, stack in zip(self.players, brought, strict=True)
        ]

    def order(self) -> list[int]:
        """All seats in the order of play, starting at the dealer's right."""
        count = len(self.players)
        return [(self.dealer + step) % count for step in range(1, count + 1)]

    def dealt(self) -> list[int]:
        """The seats dealt into this hand, in the order of play."""
        return [seat for seat in self.order() if self.players[seat].in_hand]

    def live(self) -> list[int]:
        """The seats still in this hand (not folded), in the order of play."""
        return [seat for seat in self.order() if self.players[seat].live]
