"""The one surface every game engine offers the table (``games.engine.rummy``,
``games.engine.golfo``): a game package satisfies :class:`GameEngine` as a module, and mypy checks
it where the game plugs in (``games.kinds.<game>``: ``ENGINE: GameEngine[State, Action, Options] =
games.engine.<game>``).

The table never reads an engine's state: everything it needs of a match (whose turn it is, where
the hand stands, who the next deal waits for, the places at the end) is asked through these
functions, and a browser sees only ``view``. States, actions and options are the engine's own
types; they cross to the database as plain JSON (``*_to_json`` / ``*_from_json``)."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, Protocol, TypeVar

State = TypeVar("State")
Action = TypeVar("Action")
Options = TypeVar("Options")

JsonObject = dict[str, Any]
"""Plain JSON data: an engine's state, action or options as stored, a stored fixed deal."""

View = dict[str, Any]
"""What one seat (or a spectator) may know of a match, as plain JSON: the only exit to browsers."""

Stage = Literal["playing", "hand_over", "match_over"]
"""Where a match stands: a hand being played, the pause between hands, the match's end."""

PLAYING: Stage = "playing"
HAND_OVER: Stage = "hand_over"
MATCH_OVER: Stage = "match_over"


class GameEngine(Protocol[State, Action, Options]):
    """A game's rules as the table uses them. Every function is pure: a refused move raises an
    ``EngineError`` and changes nothing."""

    COUNTS_READY: bool
    """Whether the engine itself counts each player's "Listo" before the next deal (otherwise
    the table counts them and deals once every seat in ``waits_for`` is ready)."""

    def options_from_json(self, data: object) -> Options:
        """The match options as stored (raises ``BadOptions`` on garbage)."""
        ...

    def options_to_json(self, options: Options) -> JsonObject: ...

    def start_match(
        self, *, players: int, options: Options, seed: str, deal: Mapping[str, Any] | None
    ) -> State:
        """A new match with its first hand dealt; ``deal``: a stored fixed deal (tests only)."""
        ...

    def replay_match(
        self,
        *,
        seed: str,
        options: Options,
        players: int,
        actions: Iterable[tuple[int | None, Action]],
        deal: Mapping[str, Any] | None,
    ) -> State:
        """The state a match reaches from its seed (and fixed deal) through its logged moves."""
        ...

    def apply(self, state: State, seat: int | None, action: Action) -> State:
        """The state after ``seat`` (``None``: the table) plays ``action``."""
        ...

    def next_hand(self) -> Action:
        """The table's own move that deals the next hand."""
        ...

    def move_kinds(self, view: View) -> list[str]:
        """The kinds of move the seat whose view this is may make now (``"draw"``, ``"bet"``,
        ``"ready"``...): the same shape for every game, whatever shape its view's ``legal``."""
        ...

    def view(self, state: State, viewer: int | None) -> View:
        """What the seat ``viewer`` (``None``: a spectator) may see."""
        ...

    def bot_move(self, view: View) -> Action:
        """A bot's move for the seat whose view this is, from the view alone."""
        ...

    def default_move(self, state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
        """The move the table plays for ``seat`` when his turn's clock runs out; ``turn``: the
        moves he already made in this turn, each with the state after it."""
        ...

    def own_clock(self, action: Action) -> bool:
        """Whether, after the default move ``action``, the player gets a clock of his own
        rather than more default moves (the cut, before his turn to play)."""
        ...

    def stage(self, state: State) -> Stage: ...

    def mid_turn(self, state: State) -> bool:
        """Whether the player on turn has moved in this turn and must still end it."""
        ...

    def hand_no(self, state: State) -> int:
        """The number of the hand being played (or just over) in the match, from 1."""
        ...

    def turn(self, state: State) -> int | None:
        """The seat on turn while a hand is played; ``None`` between hands."""
        ...

    def in_match(self, state: State, seat: int) -> bool:
        """Whether ``seat`` still plays the match (not eliminated)."""
        ...

    def waits_for(self, state: State) -> list[int]:
        """The seats whose "Listo" the next hand waits for."""
        ...

    def awaited_between_hands(self, state: State) -> list[int]:
        """Between hands, the seats that owe the engine a move (a "Listo" it counts, a rebuy)."""
        ...

    def winner(self, state: State) -> int | None: ...

    def places(self, state: State) -> list[int] | None:
        """Each seat's place once the match has a winner (1 is the winner), else ``None``."""
        ...

    def net_chips(self, state: State) -> list[int] | None:
        """Each seat's chips against what he brought, at a table without places (rebuys)."""
        ...

    def counts(self, state: State) -> list[int]:
        """Each seat's running count as a match carries it from hand to hand: Rummy 70's penalty
        points, Golfo's chips (a tournament starts each seat's next match from it). The
        house-banked games answer each seat's chips."""
        ...

    def hands_face_up(self, state: State) -> list[list[str]]:
        """Every seat's cards, face up (JSON form): for finished hands' records only."""
        ...

    def state_to_json(self, state: State) -> JsonObject: ...

    def state_from_json(self, data: object) -> State: ...

    def action_to_json(self, action: Action) -> JsonObject: ...

    def action_from_json(self, data: object) -> Action:
        """The action from its JSON form; raises ``InvalidAction`` on garbage."""
        ...


class BankedEngine(GameEngine[State, Action, Options], Protocol[State, Action, Options]):
    """A game the house banks (Monte, the three-bet stud, Pai Gow Poker), as its table runs it:
    nobody waits for a turn, a *window* is open (the bets, the players' decisions) and closes
    when nobody owes a move or on the table's clock, and the dealer's moves are the table's
    (seat ``None``). The chips a seat holds are the player's wallet's: the table moves them by
    what ``purse`` says changed."""

    def purse(self, state: State) -> list[int]:
        """Each seat's chips off the table: a stake lowers it, a payout or a withdrawn bet raises
        it. The wallet mirrors every change of it, seat by seat."""
        ...

    def house_take(self, state: State) -> list[int]:
        """What the house has kept so far of each seat's winnings in the coup being played or just
        settled (Monte's levy, Pai Gow's commission; none in the stud): a payout is what the
        purse gained plus what the house took from it."""
        ...

    def window(self, state: State) -> str:
        """The name of where the table stands (a coup's round of bets, one seat's decision, the
        pause after a coup): while it stays the same, so does the table's deadline."""
        ...

    def owing(self, state: State) -> list[int]:
        """The seats that may still move before the open window closes (none between coups)."""
        ...

    def dealer_move(self, state: State) -> Action | None:
        """The dealer's move that closes the open window ("no va más") or deals the next coup;
        ``None`` while only the players can move the table on."""
        ...
