"""The stud's side of the engine protocol (``games.engine.protocol.GameEngine``), as far as it
fits a game the house banks: see docs/stud.md for what it lacks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.protocol import HAND_OVER, PLAYING, JsonObject, Stage, View
from games.engine.stud import bot
from games.engine.stud.actions import Action, Deal, NextHand, Withdraw
from games.engine.stud.game import new_match, replay
from games.engine.stud.options import Options
from games.engine.stud.state import Phase, State

COUNTS_READY = False
"""The table opens the next betting window with ``NextHand``; the engine counts no "Listo"."""


def options_from_json(data: object) -> Options:
    return Options.from_json(data)


def options_to_json(options: Options) -> JsonObject:
    return options.to_json()


def _decks(deal: Mapping[str, Any] | None) -> dict[int, list[Card]] | None:
    """Fixed decks from a stored deal: ``{"decks": {"1": ["AO#0", ...]}}``."""
    if not deal:
        return None
    return {
        int(hand): [Card.from_json(text) for text in cards] for hand, cards in deal["decks"].items()
    }


def start_match(
    *, players: int, options: Options, seed: str, deal: Mapping[str, Any] | None
) -> State:
    """A table with its first betting window open (the cards come at "no va más")."""
    return new_match(players=players, options=options, seed=seed, decks=_decks(deal))


def replay_match(
    *,
    seed: str,
    options: Options,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    deal: Mapping[str, Any] | None,
) -> State:
    return replay(seed, options, players, actions, decks=_decks(deal))


def next_hand() -> Action:
    return NextHand()


def move_kinds(seen: View) -> list[str]:
    return [str(move["kind"]) for move in seen["legal"]]


def bot_move(seen: View) -> Action:
    return bot.decide(seen)


def default_move(state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
    """A player whose clock runs out withdraws the bet being decided (docs/stud.md)."""
    return Withdraw()


def own_clock(action: Action) -> bool:
    return False


def stage(state: State) -> Stage:
    """The betting window and the withdrawals are "playing"; a paid coup is "hand_over". A
    house table never ends of itself."""
    return HAND_OVER if state.phase is Phase.HAND_OVER else PLAYING


def mid_turn(state: State) -> bool:
    return False


def hand_no(state: State) -> int:
    return state.hand_no


def turn(state: State) -> int | None:
    """The seat deciding a withdrawal; ``None`` while the betting is open (everybody may bet)."""
    return state.turn


def in_match(state: State, seat: int) -> bool:
    return 0 <= seat < len(state.seats)


def waits_for(state: State) -> list[int]:
    """The next coup waits for nobody: the table opens the betting on its clock."""
    return []


def awaited_between_hands(state: State) -> list[int]:
    return []


def winner(state: State) -> int | None:
    return None


def places(state: State) -> list[int] | None:
    return None


def net_chips(state: State) -> list[int] | None:
    """Each seat's chips (with those on the table) against the stake it brought."""
    return [seat.chips + seat.on_table - state.options.stake for seat in state.seats]


def counts(state: State) -> list[int]:
    """Each seat's chips, with those on the table (the house banks: no count carries from
    match to match, this is what the seat holds)."""
    return [seat.chips + seat.on_table for seat in state.seats]


def hands_face_up(state: State) -> list[list[str]]:
    return [[card.to_json() for card in seat.cards] for seat in state.seats]


def purse(state: State) -> list[int]:
    """A seat's chips off the table: the three bets come off as they are placed, a withdrawn
    bet comes back, a paid bet comes back with its winnings."""
    return [seat.chips for seat in state.seats]


def house_take(state: State) -> list[int]:
    """The stud pays its table in full: the house keeps nothing of a win."""
    return [0] * len(state.seats)


def window(state: State) -> str:
    return f"{state.hand_no}:{state.phase}:{state.turn}"


def owing(state: State) -> list[int]:
    """While the betting is open, every seat without a bet; then the seat deciding."""
    if state.phase is Phase.BETTING:
        return [number for number, seat in enumerate(state.seats) if not seat.in_hand]
    return [] if state.turn is None else [state.turn]


def dealer_move(state: State) -> Action | None:
    """The deal closes the betting ("no va más"); after a paid coup, the next opens it."""
    if state.phase is Phase.BETTING:
        return Deal()
    if state.phase is Phase.HAND_OVER:
        return NextHand()
    return None
