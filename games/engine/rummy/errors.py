"""The refusals of Rummy 70: each one a typed :class:`EngineError` with a stable code."""

from __future__ import annotations

from games.engine.errors import EngineError
from games.engine.messages import N_


class IllegalMeld(EngineError):
    code = "illegal_meld"
    template = N_("These cards make neither a set nor a run ({cards}): {reason}")


class OpeningTooLow(EngineError):
    code = "opening_too_low"
    template = N_("You need {needed} points to open: you have {points}")


class FirstRound(EngineError):
    code = "first_round"
    template = N_("Nobody may open during the first round.")


class NotOpened(EngineError):
    code = "not_opened"
    template = N_("You must open (70 points) before you can do that.")


class AlreadyOpened(EngineError):
    code = "already_opened"
    template = N_("You have already opened: lay your melds one by one.")


class DiscardNotOffered(EngineError):
    code = "discard_not_offered"
    template = N_("Only a player who has opened may take the discard.")


class NoDiscard(EngineError):
    code = "no_discard"
    template = N_("There is no discard to take.")


class MustPlayCard(EngineError):
    code = "must_play_card"
    template = N_("You must play {card} on the table this turn.")


class MustOpenWith(EngineError):
    code = "must_open_with"
    template = N_("You took {card} from the discard: you must open with it this turn.")


class NoSuchMeld(EngineError):
    code = "no_such_meld"
    template = N_("There is no meld number {index} on the table.")


class NoJokerThere(EngineError):
    code = "no_joker_there"
    template = N_("Meld number {index} holds no joker.")


class NotTheJokersCard(EngineError):
    code = "not_the_jokers_card"
    template = N_("The joker stands for {joker_as}, not {card}.")


class MustClose(EngineError):
    code = "must_close"
    template = N_("That is your last card: close the hand instead of discarding it.")


class CannotClose(EngineError):
    code = "cannot_close"
    template = N_("You can close only when every other card is on the table ({left} left).")


class DuplicateCard(EngineError):
    code = "duplicate_card"
    template = N_("{card} is used twice in one move.")


class AlreadyReady(EngineError):
    code = "already_ready"
    template = N_("You are already waiting for the next hand.")


class BadOptions(EngineError):
    code = "bad_options"
    template = N_("Invalid table settings: {reason}")


class CannotPlayTaken(EngineError):
    code = "cannot_play_taken"
    template = N_("You may take {card} only if you can play it on the table this turn.")


class CannotOpenWith(EngineError):
    code = "cannot_open_with"
    template = N_("You may take {card} only to open with it (70 points) this turn.")


class WouldStrand(EngineError):
    code = "would_strand"
    template = N_(
        "After that move you could not play every card you owe on the table this turn ({cards})."
    )
