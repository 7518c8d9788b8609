"""The refusals of Pai Gow Poker: each a typed :class:`EngineError` with a stable code."""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.messages import N_


class BetOutOfRange(EngineError):
    code = "bet_out_of_range"
    template = N_("A bet is between {minimum} and {maximum} chips, in steps of {step}.")


class NotEnoughChips(EngineError):
    code = "not_enough_chips"
    template = N_("You have only {chips} chips.")


class BankCannotCover(EngineError):
    code = "bank_cannot_cover"
    template = N_("The bank covers at most {amount} more chips this coup.")


class AlreadyDecided(EngineError):
    code = "already_decided"
    template = N_("You have already placed your bet or sat this coup out.")


class NoBetPlaced(EngineError):
    code = "no_bet_placed"
    template = N_("You have no bet in this coup.")


class AlreadySet(EngineError):
    code = "already_set"
    template = N_("You have already set your two hands.")


class TwoCardsLow(EngineError):
    code = "two_cards_low"
    template = N_("Choose two different cards of yours for the 2-card hand.")


class FoulSplit(EngineError):
    code = "foul_split"
    template = N_("The 5-card hand must rank higher than the 2-card hand.")


class BadTable(EngineError):
    code = "bad_table"
    template = N_("A Pai Gow Poker table has from 1 to {maximum} seats.")


class TableMove(EngineError):
    code = "table_move"
    template = N_("The dealer does that, not a player.")
