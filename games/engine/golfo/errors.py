"""The refusals of Golfo: each a typed :class:`EngineError` with a stable code."""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.messages import N_


class AmountOutOfRange(EngineError):
    code = "amount_out_of_range"
    template = N_("The amount must be between {minimum} and {maximum}.")


class BetToAnswer(EngineError):
    code = "bet_to_answer"
    template = N_("There is a bet of {bet}: call, raise or fold.")


class NoBetToAnswer(EngineError):
    code = "no_bet_to_answer"
    template = N_("Nobody has bet: pass or bet.")


class RaiseClosed(EngineError):
    code = "raise_closed"
    template = N_("The betting was not reopened since you acted: call or fold.")


class NobodyToRaise(EngineError):
    code = "nobody_to_raise"
    template = N_("Nobody left in the hand can answer a raise: call or fold.")


class TooManyDiscards(EngineError):
    code = "too_many_discards"
    template = N_("You may throw at most {limit} cards.")


class SameCardTwice(EngineError):
    code = "same_card_twice"
    template = N_("You named {card} twice.")


class RebuyRefused(EngineError):
    code = "rebuy_refused"
    template = N_("You can take a new stake only when you have no chips and rebuys are allowed.")


class NotEnoughPlayers(EngineError):
    code = "not_enough_players"
    template = N_("At least two players with chips are needed to deal.")


class BadTable(EngineError):
    code = "bad_table"
    template = N_("Golfo is played by {allowed} players.")


class OnlyEnoughToCall(EngineError):
    code = "only_enough_to_call"
    template = N_("You have only enough chips to call.")


class TableMove(EngineError):
    code = "table_move"
    template = N_("The table deals the next hand, not a player.")
