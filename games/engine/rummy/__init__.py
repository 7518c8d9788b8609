"""Rummy 70 ("rummy de 70"), RULES.md §1: the uniform engine surface of ``games.engine``.

``new_match(players=4, options=Options(), seed=1)`` deals the first hand; ``apply(state, seat,
action)`` returns the next state; ``view(state, seat)`` is what a seat may see; ``bot.decide``
plays from a view. Tests fix a deal with ``new_match(..., deck=stacked_deal(...), dealer=0)``.
"""

from games.engine.rummy import bot
from games.engine.rummy.actions import (
    Action,
    Close,
    Discard,
    Draw,
    LayMeld,
    LayOff,
    MeldSpec,
    NextHand,
    Open,
    Ready,
    SwapJoker,
    TakeDiscard,
    action_from_json,
    action_to_json,
)
from games.engine.rummy.deal import rummy_deck, stacked_deal
from games.engine.rummy.errors import IllegalMeld, OpeningTooLow
from games.engine.rummy.melds import (
    Meld,
    card_points,
    form_meld,
    hand_points,
    meld_kind,
    meld_points,
    parse_meld,
)
from games.engine.rummy.rules import apply, can, new_match, replay, verify
from games.engine.rummy.serialize import state_from_json, state_to_json
from games.engine.rummy.state import Options, State
from games.engine.rummy.views import view

__all__ = [
    "Action",
    "Close",
    "Discard",
    "Draw",
    "IllegalMeld",
    "LayMeld",
    "LayOff",
    "Meld",
    "MeldSpec",
    "NextHand",
    "Open",
    "OpeningTooLow",
    "Options",
    "Ready",
    "State",
    "SwapJoker",
    "TakeDiscard",
    "action_from_json",
    "action_to_json",
    "apply",
    "bot",
    "can",
    "card_points",
    "form_meld",
    "hand_points",
    "meld_kind",
    "meld_points",
    "new_match",
    "parse_meld",
    "replay",
    "rummy_deck",
    "stacked_deal",
    "state_from_json",
    "state_to_json",
    "verify",
    "view",
]
