"""The refusals of the three-bet stud: each a typed :class:`EngineError` with a stable code."""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.messages import N_


class BadTable(EngineError):
    code = "bad_table"
    template = N_("The three-bet stud is played by 1 to {maximum} players.")


class BetOutOfRange(EngineError):
    code = "bet_out_of_range"
    template = N_("Each of the three bets must be between {minimum} and {maximum} chips.")


class NotEnoughChips(EngineError):
    code = "not_enough_chips"
    template = N_("Three bets of {amount} need {needed} chips; you have {chips}.")


class AlreadyBet(EngineError):
    code = "already_bet"
    template = N_("You have already placed your three bets for this hand.")


class BankCannotCover(EngineError):
    code = "bank_cannot_cover"
    template = N_("The bank cannot cover bets that large now: at most {maximum} chips each.")


class NoBets(EngineError):
    code = "no_bets"
    template = N_("Nobody has bet: the cards are not dealt.")


class NotInHand(EngineError):
    code = "not_in_hand"
    template = N_("You have no bets in this hand.")


class CardAlreadyShown(EngineError):
    code = "card_already_shown"
    template = N_("That common card is already face up.")


class TableMove(EngineError):
    code = "table_move"
    template = N_("The dealer does that, not a player.")
