"""Monte's side of the engine protocol (``games.engine.protocol.GameEngine``), as far as it fits
a game the house banks: nobody has a turn (every player bets at once while the bets are open),
the dealer's moves (``NoVaMas``, ``NextCoup``) are the table's (seat ``None``), and a table has
no end, no winner and no places. What the protocol lacks for it: docs/monte.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.monte import bot
from games.engine.monte.actions import Action, Done, NextCoup, NoVaMas
from games.engine.monte.coup import Decks, new_match, replay
from games.engine.monte.options import Options
from games.engine.monte.state import BETTING, State
from games.engine.protocol import HAND_OVER, PLAYING, JsonObject, Stage, View

COUNTS_READY = False
"""Nobody's "Listo" is awaited: the dealer lays the next grid on the table's clock."""


def options_from_json(data: object) -> Options:
    return Options.from_json(data)


def options_to_json(options: Options) -> JsonObject:
    return options.to_json()


def _decks(deal: Mapping[str, Any] | None) -> Decks | None:
    """The fixed decks of a stored deal: ``{"decks": {coup_no: [card JSON, ...]}}``."""
    if not deal:
        return None
    return {
        int(coup): [Card.from_json(text) for text in cards] for coup, cards in deal["decks"].items()
    }


def start_match(
    *, players: int, options: Options, seed: str, deal: Mapping[str, Any] | None
) -> State:
    return new_match(players=players, options=options, seed=seed, decks=_decks(deal))


def replay_match(
    *,
    seed: str,
    options: Options,
    players: int,
    actions: Iterable[tuple[int | None, Action]],
    deal: Mapping[str, Any] | None,
) -> State:
    return replay(seed, options, players, actions, _decks(deal))


def next_hand() -> Action:
    return NextCoup()


def move_kinds(seen: View) -> list[str]:
    return list(dict.fromkeys(str(move["kind"]) for move in seen["legal"]))


def bot_move(seen: View) -> Action:
    return bot.decide(seen)


def default_move(state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
    """A player who lets the clock run bets no more this round."""
    return Done()


def own_clock(action: Action) -> bool:
    return False


def stage(state: State) -> Stage:
    return PLAYING if state.phase in BETTING else HAND_OVER


def mid_turn(state: State) -> bool:
    return False


def hand_no(state: State) -> int:
    return state.coup_no


def turn(state: State) -> int | None:
    """Nobody: all the players bet at once while the bets are open."""
    return None


def in_match(state: State, seat: int) -> bool:
    return 0 <= seat < state.players


def waits_for(state: State) -> list[int]:
    return []


def awaited_between_hands(state: State) -> list[int]:
    return []


def winner(state: State) -> int | None:
    return None


def places(state: State) -> list[int] | None:
    return None


def net_chips(state: State) -> list[int] | None:
    return [chips - state.options.chips for chips in state.chips]


def counts(state: State) -> list[int]:
    """Each seat's chips, with his stakes on the open round of bets (the house banks: no count
    carries from match to match, this is what the seat holds), as the other house games count."""
    staked = [0] * state.players
    for bet in state.bets:
        staked[bet.seat] += bet.amount
    return [chips + stake for chips, stake in zip(state.chips, staked, strict=True)]


def hands_face_up(state: State) -> list[list[str]]:
    """Players hold no cards in Monte."""
    return [[] for _ in range(state.players)]


def purse(state: State) -> list[int]:
    """A stake comes off a player's chips as it is placed (the bets on the cloth are apart)."""
    return list(state.chips)


def house_take(state: State) -> list[int]:
    """The 10% levy on this coup's bets won on a first-card match (VIS pays it none)."""
    taken = [0] * state.players
    for settled in state.settled:
        taken[settled.bet.seat] += settled.levy
    return taken


def window(state: State) -> str:
    return f"{state.coup_no}:{state.phase}"


def owing(state: State) -> list[int]:
    """While the bets are open, every player who has not said he bets no more."""
    if state.phase not in BETTING:
        return []
    return [seat for seat, done in enumerate(state.done) if not done]


def dealer_move(state: State) -> Action:
    """ "No va más" while the bets are open; a new grid once the coup is over."""
    return NoVaMas() if state.phase in BETTING else NextCoup()
