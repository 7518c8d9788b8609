"""The refusals of Monte: each a typed :class:`EngineError` with a stable code."""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.messages import N_


class BetOutOfLimits(EngineError):
    code = "bet_out_of_limits"
    template = N_("Your stake on this bet must be between {minimum} and {maximum}.")


class NotEnoughChips(EngineError):
    code = "not_enough_chips"
    template = N_("You have only {chips} chips.")


class BankCannotCover(EngineError):
    code = "bank_cannot_cover"
    template = N_("The bank cannot cover that bet.")


class BetNotOpen(EngineError):
    code = "bet_not_open"
    template = N_("That bet is not on the layout now.")


class BettingClosed(EngineError):
    code = "betting_closed"
    template = N_("No more bets: the cards are being drawn.")


class DealerMove(EngineError):
    code = "dealer_move"
    template = N_("Only the dealer closes the bets and lays the cards.")


class BadTable(EngineError):
    code = "bad_table"
    template = N_("Monte is played by {allowed} players.")
