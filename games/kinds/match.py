"""A match as the table plumbing holds it: an engine state bound to its engine, asked through the
engine protocol (``games.engine.protocol``) and never read field by field.

The plumbing sees :class:`Match` and :class:`Rules`, which name no game and no engine type; each
game's adapter (``games.kinds.<game>``) builds them from its engine with :class:`EngineRules`, whose
type parameters are that engine's own state, action and options. Moves cross as the engine's JSON
form of an action (what the match's log stores)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol

from games.engine.protocol import (
    Action,
    GameEngine,
    JsonObject,
    Options,
    Stage,
    State,
    View,
)

TableOptions = Mapping[str, int | str]
"""A table's game options as cleaned and stored (``games.tables.options``)."""


class Match(Protocol):
    """One match's engine state, for the table. ``apply`` and ``next_hand`` raise the engine's
    ``EngineError`` when the rules refuse (``InvalidAction`` for a move that is not one)."""

    @property
    def counts_ready(self) -> bool: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def hand_no(self) -> int: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def mid_turn(self) -> bool: ...
    @property
    def winner(self) -> int | None: ...
    def places(self) -> list[int] | None: ...
    def net_chips(self) -> list[int] | None: ...
    def counts(self) -> list[int]:
        """Each seat's running count (``GameEngine.counts``): Rummy 70's penalty points, Golfo's
        chips."""
        ...

    def waits_for(self) -> list[int]: ...
    def awaited_between_hands(self) -> list[int]: ...
    def in_match(self, seat: int) -> bool: ...
    def move_kinds(self, seat: int) -> list[str]: ...
    def view(self, viewer: int | None) -> View: ...
    def hands_face_up(self) -> list[list[str]]: ...
    def to_json(self) -> JsonObject: ...
    def apply(self, seat: int | None, move: Mapping[str, object]) -> Match: ...
    def next_hand(self) -> JsonObject: ...
    def bot_move(self, seat: int) -> JsonObject | None:
        """The engine's bot move for ``seat``, from his view; ``None`` when he has none to make."""
        ...

    def default_move(self, seat: int, played: Sequence[Mapping[str, object]]) -> JsonObject:
        """On the match as the turn of ``seat`` began, after his ``played`` moves of it: the
        move the table plays for him when his clock runs out."""
        ...

    def own_clock(self, move: Mapping[str, object]) -> bool: ...


class Rules(Protocol):
    """A game's engine, for the table: matches from a table's options, from storage, from a log."""

    @property
    def counts_ready(self) -> bool:
        """Whether the engine counts the players' "Listo" itself (see ``GameEngine``)."""
        ...

    def engine_options(self, table_options: TableOptions) -> JsonObject:
        """The engine options (JSON form) of a table with these options."""
        ...

    def new_match(
        self, *, players: int, options: JsonObject, seed: str, deal: Mapping[str, Any] | None
    ) -> Match: ...

    def load(self, data: object) -> Match:
        """The match from its stored state."""
        ...

    def replay(
        self,
        *,
        seed: str,
        options: object,
        players: int,
        moves: Iterable[tuple[int | None, object]],
        deal: Mapping[str, Any] | None,
    ) -> Match:
        """The match after its logged ``(seat, move JSON)`` pairs."""
        ...

    def fixed_deal(self, spec: Mapping[str, Any], *, players: int) -> JsonObject:
        """A stored deal from a ``CARDROOM_DEALS`` entry written in card notation."""
        ...


@dataclass(frozen=True)
class EngineMatch(Generic[State, Action, Options]):
    engine: GameEngine[State, Action, Options]
    state: State

    def _then(self, state: State) -> EngineMatch[State, Action, Options]:
        return EngineMatch(self.engine, state)

    @property
    def counts_ready(self) -> bool:
        return self.engine.COUNTS_READY

    @property
    def stage(self) -> Stage:
        return self.engine.stage(self.state)

    @property
    def hand_no(self) -> int:
        return self.engine.hand_no(self.state)

    @property
    def turn(self) -> int | None:
        return self.engine.turn(self.state)

    @property
    def mid_turn(self) -> bool:
        return self.engine.mid_turn(self.state)

    @property
    def winner(self) -> int | None:
        return self.engine.winner(self.state)

    def places(self) -> list[int] | None:
        return self.engine.places(self.state)

    def net_chips(self) -> list[int] | None:
        return self.engine.net_chips(self.state)

    def counts(self) -> list[int]:
        return self.engine.counts(self.state)

    def waits_for(self) -> list[int]:
        return self.engine.waits_for(self.state)

    def awaited_between_hands(self) -> list[int]:
        return self.engine.awaited_between_hands(self.state)

    def in_match(self, seat: int) -> bool:
        return self.engine.in_match(self.state, seat)

    def move_kinds(self, seat: int) -> list[str]:
        return self.engine.move_kinds(self.view(seat))

    def view(self, viewer: int | None) -> View:
        return self.engine.view(self.state, viewer)

    def hands_face_up(self) -> list[list[str]]:
        return self.engine.hands_face_up(self.state)

    def to_json(self) -> JsonObject:
        return self.engine.state_to_json(self.state)

    def apply(self, seat: int | None, move: Mapping[str, object]) -> Match:
        action = self.engine.action_from_json(move)
        return self._then(self.engine.apply(self.state, seat, action))

    def next_hand(self) -> JsonObject:
        return self.engine.action_to_json(self.engine.next_hand())

    def bot_move(self, seat: int) -> JsonObject | None:
        seen = self.view(seat)
        if not self.engine.move_kinds(seen):
            return None
        return self.engine.action_to_json(self.engine.bot_move(seen))

    def default_move(self, seat: int, played: Sequence[Mapping[str, object]]) -> JsonObject:
        state, turn = self.state, []
        for move in played:
            action = self.engine.action_from_json(move)
            state = self.engine.apply(state, seat, action)
            turn.append((action, state))
        return self.engine.action_to_json(self.engine.default_move(state, seat, turn))

    def own_clock(self, move: Mapping[str, object]) -> bool:
        return self.engine.own_clock(self.engine.action_from_json(move))


@dataclass(frozen=True)
class EngineRules(Generic[State, Action, Options]):
    """:class:`Rules` from an engine, the game's reading of a table's options into the engine's,
    and its reading of a ``CARDROOM_DEALS`` entry."""

    engine: GameEngine[State, Action, Options]
    options_of_table: Callable[[TableOptions], Options]
    deal_of_spec: Callable[[Mapping[str, Any], int], JsonObject]

    @property
    def counts_ready(self) -> bool:
        return self.engine.COUNTS_READY

    def engine_options(self, table_options: TableOptions) -> JsonObject:
        return self.engine.options_to_json(self.options_of_table(table_options))

    def new_match(
        self, *, players: int, options: JsonObject, seed: str, deal: Mapping[str, Any] | None
    ) -> Match:
        state = self.engine.start_match(
            players=players, options=self.engine.options_from_json(options), seed=seed, deal=deal
        )
        return self._match(state)

    def load(self, data: object) -> Match:
        return self._match(self.engine.state_from_json(data))

    def replay(
        self,
        *,
        seed: str,
        options: object,
        players: int,
        moves: Iterable[tuple[int | None, object]],
        deal: Mapping[str, Any] | None,
    ) -> Match:
        state = self.engine.replay_match(
            seed=seed,
            options=self.engine.options_from_json(options),
            players=players,
            actions=[(seat, self.engine.action_from_json(move)) for seat, move in moves],
            deal=deal,
        )
        return self._match(state)

    def fixed_deal(self, spec: Mapping[str, Any], *, players: int) -> JsonObject:
        return self.deal_of_spec(spec, players)

    def _match(self, state: State) -> Match:
        return EngineMatch(self.engine, state)
