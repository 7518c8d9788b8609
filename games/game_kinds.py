"""What the table plumbing needs to know of each game beyond the engines' uniform surface: the
engine options from the table's options, a match with an optional fixed first deal, where a hand
and a match stand, and every hand face up (for replays of finished hands only)."""

from collections.abc import Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from games.engine import golfo, rummy
from games.engine.cards import Card, parse
from games.models import Table

HAND_OVER = "hand_over"
MATCH_OVER = "match_over"


@dataclass(frozen=True)
class GameKind:
    """One game as the plumbing sees it. ``has_ready``: the engine itself counts "Listo"."""

    name: str
    engine: ModuleType
    has_ready: bool

    def engine_options(self, table_options: Mapping[str, Any]) -> Any:
        if self.engine is rummy:
            return rummy.Options(joker_penalty=int(table_options.get("joker_penalty", 25)))
        defaults = golfo.Options()
        return golfo.Options(
            starting_stack=int(table_options.get("starting_stack", defaults.starting_stack)),
            ante=int(table_options.get("ante", defaults.ante)),
            min_bet=int(table_options.get("min_bet", defaults.min_bet)),
            stakes=golfo.Stakes(table_options.get("rebuy", str(defaults.stakes))),
        )

    def new_match(
        self, *, players: int, options: Any, seed: str, deal: Mapping[str, Any] | None
    ) -> Any:
        """The engine state of a new match; ``deal`` is a stored fixed first deal, if any."""
        return self.engine.new_match(
            players=players, options=options, seed=seed, **self.deal_arguments(deal)
        )

    def replay(
        self,
        *,
        seed: str,
        options: Any,
        players: int,
        actions: list[tuple[int | None, Any]],
        deal: Mapping[str, Any] | None,
    ) -> Any:
        return self.engine.replay(seed, options, players, actions, **self.deal_arguments(deal))

    def deal_arguments(self, deal: Mapping[str, Any] | None) -> dict[str, Any]:
        """``new_match``/``replay`` keywords from a stored deal (cards in their JSON form)."""
        if not deal:
            return {}
        arguments: dict[str, Any] = {"dealer": deal["dealer"]}
        if self.engine is rummy:
            arguments["deck"] = [Card.from_json(text) for text in deal["deck"]]
        else:
            arguments["decks"] = {
                int(hand): [Card.from_json(text) for text in cards]
                for hand, cards in deal["decks"].items()
            }
        return arguments

    def fixed_deal(self, spec: Mapping[str, Any], *, players: int) -> dict[str, Any]:
        """A stored deal from a ``CARDROOM_DEALS`` entry written in notation (see
        docs/live-tables.md)."""
        dealer = int(spec.get("dealer", 0))
        if self.engine is rummy:
            deck = rummy.stacked_deal(
                players=players,
                dealer=dealer,
                hands={int(seat): text for seat, text in spec.get("hands", {}).items()},
                up=spec.get("up"),
                cut=spec.get("cut"),
                stock=spec.get("stock", ""),
            )
            return {"dealer": dealer, "deck": [card.to_json() for card in deck]}
        decks = {
            str(hand): [card.to_json() for card in parse(text)]
            for hand, text in spec.get("decks", {}).items()
        }
        return {"dealer": dealer, "decks": decks}

    def phase(self, state: Any) -> str:
        return str(state.phase if self.engine is rummy else state.lance)

    def hand_no(self, state: Any) -> int:
        return int(state.hand_no)

    def in_match(self, state: Any, seat: int) -> bool:
        if self.engine is rummy:
            return bool(state.in_match(seat))
        return not state.players[seat].eliminated

    def waits_for(self, state: Any) -> list[int]:
        """The seats whose "Listo" the next hand waits for."""
        if self.engine is rummy:
            return list(state.active_seats)
        return [
            seat
            for seat, player in enumerate(state.players)
            if not player.eliminated and player.stack > 0
        ]

    def hands(self, state: Any) -> list[list[str]]:
        """Every engine seat's cards, face up: only for finished hands and the leak test."""
        if self.engine is rummy:
            return [[card.to_json() for card in hand] for hand in state.hands]
        return [[card.to_json() for card in player.hand] for player in state.players]

    def hidden_cards(self, state: Any) -> list[str]:
        """The cards nobody sees: the stock and the face-down closing card (Rummy); the stock and
        the discards (Golfo)."""
        if self.engine is rummy:
            return [card.to_json() for card in [*state.stock, *state.face_down]]
        return [card.to_json() for card in [*state.stock, *state.discards]]


RUMMY70 = GameKind(name=Table.GameKind.RUMMY70, engine=rummy, has_ready=True)
GOLFO = GameKind(name=Table.GameKind.GOLFO, engine=golfo, has_ready=False)

GAME_KINDS: dict[str, GameKind] = {RUMMY70.name: RUMMY70, GOLFO.name: GOLFO}
