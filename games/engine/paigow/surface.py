"""Pai Gow Poker's side of the engine protocol (``games.engine.protocol.GameEngine``) as far as it
fits a house-banked table: every seat acts at once (there is no seat on turn), the dealer's own
moves (``CloseBets``, ``NextHand``) are the table's (seat ``None``), and the bank is in the state,
not a seat. What the protocol lacks for such a table is listed in docs/paigow.md."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.engine.cards import Card
from games.engine.paigow import bot
from games.engine.paigow.actions import Action, CloseBets, HouseWay, NextHand, SitOut
from games.engine.paigow.match import new_match, replay
from games.engine.paigow.options import Options
from games.engine.paigow.state import Phase, State
from games.engine.paigow.views import view
from games.engine.protocol import HAND_OVER, MATCH_OVER, PLAYING, JsonObject, Stage, View

COUNTS_READY = False
"""Nobody says "Listo": the dealer opens the next coup's bets (``NextHand``) on his clock."""


def options_from_json(data: object) -> Options:
    return Options.from_json(data)


def options_to_json(options: Options) -> JsonObject:
    return options.to_json()


def _decks(deal: Mapping[str, Any] | None) -> dict[int, list[Card]] | None:
    if not deal:
        return None
    return {
        int(number): [Card.from_json(text) for text in cards]
        for number, cards in deal["decks"].items()
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
    return NextHand()


def move_kinds(seen: View) -> list[str]:
    return [str(move["kind"]) for move in seen["legal"]]


def bot_move(seen: View) -> Action:
    return bot.decide(seen)


def default_move(state: State, seat: int, turn: Sequence[tuple[Action, State]]) -> Action:
    """Out of time: no bet while bets are open; the house way once dealt."""
    return HouseWay() if "house_way" in move_kinds(view(state, seat)) else SitOut()


def own_clock(action: Action) -> bool:
    return False


def stage(state: State) -> Stage:
    if state.phase is Phase.COUP_OVER:
        return HAND_OVER
    if state.phase is Phase.MATCH_OVER:
        return MATCH_OVER
    return PLAYING


def mid_turn(state: State) -> bool:
    return False


def hand_no(state: State) -> int:
    return state.coup_no


def turn(state: State) -> int | None:
    """Nobody is on turn: every seat bets, then sets its hands, at the same time."""
    return None


def in_match(state: State, seat: int) -> bool:
    player = state.seats[seat]
    return player.bet > 0 or player.chips >= state.options.min_bet


def waits_for(state: State) -> list[int]:
    return []


def awaited_between_hands(state: State) -> list[int]:
    return []


def winner(state: State) -> int | None:
    return None


def places(state: State) -> list[int] | None:
    return None


def net_chips(state: State) -> list[int] | None:
    start = state.options.starting_chips
    return [player.chips + player.bet * (state.staked > 0) - start for player in state.seats]


def counts(state: State) -> list[int]:
    """Each seat's chips, with a bet staked on the hand being played (the house banks: no count
    carries from match to match, this is what the seat holds)."""
    return [player.chips + player.bet * (state.staked > 0) for player in state.seats]


def hands_face_up(state: State) -> list[list[str]]:
    return [[card.to_json() for card in player.cards] for player in state.seats]


def purse(state: State) -> list[int]:
    """A seat's chips off the table: the bet comes off as it is placed and comes back, with
    the winnings less the commission, when the coup is settled."""
    return [player.chips for player in state.seats]


def house_take(state: State) -> list[int]:
    """The commission on a winning bet, once the coup is settled."""
    return [player.commission for player in state.seats]


def window(state: State) -> str:
    return f"{state.coup_no}:{state.phase}"


def owing(state: State) -> list[int]:
    """While bets are open, every seat that has neither bet nor sat out; once the cards are
    dealt, every seat with a bet that has not set its two hands."""
    if state.phase is Phase.BETTING:
        return [seat for seat, player in enumerate(state.seats) if not player.decided]
    if state.phase is Phase.SETTING:
        return [seat for seat, player in enumerate(state.seats) if player.bet and not player.low]
    return []


def dealer_move(state: State) -> Action | None:
    """Closing the bets while they are open; the next coup after a settled one."""
    if state.phase is Phase.BETTING:
        return CloseBets()
    if state.phase is Phase.COUP_OVER:
        return NextHand()
    return None
