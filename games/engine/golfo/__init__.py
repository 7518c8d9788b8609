"""Golfo, the envite game of RULES.md §2, as a pure engine (the uniform surface of
``games.engine``). The decisions where RULES.md is silent are in docs/golfo.md."""

from games.engine.golfo import bot
from games.engine.golfo.actions import (
    Action,
    Bet,
    Call,
    Discard,
    Fold,
    NextHand,
    Pass,
    Raise,
    Rebuy,
    action_from_json,
    action_to_json,
)
from games.engine.golfo.hands import golfo_deck, hand_value
from games.engine.golfo.match import apply, can, legal_moves, new_match, replay, verify
from games.engine.golfo.options import Options, Stakes, TieRule
from games.engine.golfo.serialize import state_from_json, state_to_json
from games.engine.golfo.state import Ending, Lance, State
from games.engine.golfo.views import view

__all__ = [
    "Action",
    "Bet",
    "Call",
    "Discard",
    "Ending",
    "Fold",
    "Lance",
    "NextHand",
    "Options",
    "Pass",
    "Raise",
    "Rebuy",
    "Stakes",
    "State",
    "TieRule",
    "action_from_json",
    "action_to_json",
    "apply",
    "bot",
    "can",
    "golfo_deck",
    "hand_value",
    "legal_moves",
    "new_match",
    "replay",
    "state_from_json",
    "state_to_json",
    "verify",
    "view",
]
