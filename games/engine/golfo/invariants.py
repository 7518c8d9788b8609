"""Every rule a Golfo state must hold at rest, and the view discipline, as checks that name
each breach. The simulation and the property tests run them after every action."""

from __future__ import annotations

import json
import re
from typing import Any

from games.engine.cards import Card, parse_card
from games.engine.golfo.betting import next_to_act
from games.engine.golfo.hands import DECK_SIZE, FIRST_DEAL, HAND_SIZE, hand_value
from games.engine.golfo.options import Stakes
from games.engine.golfo.pots import pots
from games.engine.golfo.state import (
    BETTING_LANCES,
    DISCARD_LANCES,
    HAND_LANCES,
    Ending,
    HandResult,
    Lance,
    State,
)

CARD_TEXT = re.compile(r'"((?:10|[2-9AJQK])[OCEB](?:#[0-9]+)?|\*)"')  # any card, as a JSON string


def violations(state: State) -> list[str]:
    """The rules ``state`` breaks; empty when it holds them all."""
    found = _chips(state) + _cards(state) + _betting(state) + _table(state)
    if state.result is not None:
        found += _result(state.result)
    return found


def chips_in_play(state: State) -> int:
    """Stacks and pots: always the starting stacks plus every rebuy."""
    return sum(player.stack + player.committed for player in state.players)


def _chips(state: State) -> list[str]:
    found = []
    brought = state.options.starting_stacks(len(state.players))
    expected = sum(brought) + sum(p.rebought for p in state.players)
    if chips_in_play(state) != expected:
        found.append(f"chips: {chips_in_play(state)} in play, {expected} expected")
    for seat, player in enumerate(state.players):
        if player.stack < 0 or not 0 <= player.round_bet <= player.committed:
            found.append(f"chips: seat {seat} has {player}")
    table_pots = pots(state.players)
    if sum(pot.amount for pot in table_pots) != sum(p.committed for p in state.players):
        found.append("pots: they do not add up to what was put in")
    if any(not pot.eligible for pot in table_pots):
        found.append("pots: a pot nobody can win")
    return found


def _cards(state: State) -> list[str]:
    ids = [card.id for card in state.stock + state.discards]
    ids += [card.id for player in state.players for card in player.hand]
    if sorted(ids) != list(range(DECK_SIZE)):
        return [f"cards: {len(ids)} held, not each of the {DECK_SIZE} once"]
    return []


def _betting(state: State) -> list[str]:
    found = []
    if state.lance not in HAND_LANCES:
        if state.turn is not None or any(p.committed for p in state.players):
            found.append("between hands: a turn or chips left in the pot")
        return found
    live = state.live()
    if len(live) < 2:
        found.append("hand: fewer than two players still in")
    size = FIRST_DEAL if state.lance is Lance.ENVITE_1 else HAND_SIZE
    if any(len(state.players[seat].hand) != size for seat in live):
        found.append(f"hand: a player still in does not hold {size} cards")
    if any(p.round_bet > state.current_bet for p in state.players):
        found.append("betting: a round bet above the current bet")
    if state.min_raise < state.options.min_bet:
        found.append("betting: a minimum raise below the table minimum")
    if state.lance in DISCARD_LANCES and (state.turn not in live or state.current_bet):
        found.append("descarte: the turn is not with a player still in")
    if state.lance in BETTING_LANCES:
        turn = state.turn
        if turn is None or not state.players[turn].can_act:
            found.append("envite: the turn is not with a player able to bet")
        elif turn != next_to_act(state, (turn - 1) % len(state.players)):
            found.append("envite: the turn is with a player who has nothing to answer")
    return found


def _table(state: State) -> list[str]:
    found = []
    dealt = state.dealt()
    if state.lance in HAND_LANCES:
        if not 2 <= len(dealt) <= 3:
            found.append(f"table: {len(dealt)} players dealt in")
        if state.dealer in dealt and len(dealt) != 2:
            found.append("table: the dealer plays although three others could")
    for seat, player in enumerate(state.players):
        if player.eliminated and (player.stack or player.in_hand and state.lance in HAND_LANCES):
            found.append(f"table: eliminated seat {seat} still plays")
        if player.eliminated and state.options.stakes is Stakes.REBUY:
            found.append(f"table: seat {seat} eliminated although rebuys are allowed")
    if state.lance is Lance.MATCH_OVER:
        standing = [seat for seat, p in enumerate(state.players) if not p.eliminated]
        if standing != [state.winner]:
            found.append("match: over, but not with one player left")
    return found


def _result(result: HandResult) -> list[str]:
    found = []
    if result.ending is Ending.FOLD_OUT and result.shown:
        found.append("result: a fold-out winner showed his cards")
    values = {seat: hand_value(cards) for seat, cards in result.shown.items()}
    won = [0] * len(result.put_in)
    for pot in result.pots:
        for seat, share in zip(pot.winners, pot.shares, strict=True):
            won[seat] += share
    if sum(won) != sum(result.put_in):
        found.append("result: the pots paid out are not what was put in")
    for seat, put in enumerate(result.put_in):
        reachable = sum(min(other, put) for other in result.put_in)
        if won[seat] > reachable:
            found.append(f"result: seat {seat} won {won[seat]}, more than his stake can reach")
    for pot in result.pots:
        if sum(pot.shares) != pot.amount or not set(pot.winners) <= set(pot.eligible):
            found.append(f"result: pot {pot} not paid to those who could win it")
        if result.ending is Ending.SHOWDOWN:
            best = max(values[seat] for seat in pot.eligible)
            if any(values[seat] != best for seat in pot.winners):
                found.append(f"result: pot {pot} won by a hand below {best}")
    return found


def leaks(state: State, viewer: int | None, seen: dict[str, Any]) -> list[str]:
    """Cards named in the view ``seen`` of ``viewer`` that he must not see: only his own hand
    (unless eliminated) and the hands shown at a showdown may appear, in any notation."""
    allowed: list[Card] = []
    if viewer is not None and not state.players[viewer].eliminated:
        allowed += state.players[viewer].hand
    if state.result is not None:
        allowed += [card for cards in state.result.shown.values() for card in cards]
    allowed_ids = {(card, card.id) for card in allowed}
    found = []
    for text in CARD_TEXT.findall(json.dumps(seen)):
        card = Card.from_json(text) if "#" in text else parse_card(text)
        if card not in allowed or ("#" in text and (card, card.id) not in allowed_ids):
            found.append(f"view of {viewer}: names hidden card {text}")
    return found
