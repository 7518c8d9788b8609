"""Golfo's table options (RULES.md §2) and the engine options they make."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engine import golfo
from games.engine.protocol import JsonObject
from games.kinds.options import ChoiceOption, NumberOption, Option, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

REBUY = "rebuy"
FREEZEOUT = "freezeout"
SEAT_ORDER = "seat_order"
SPLIT = "split"

STARTING_STACK = NumberOption("starting_stack", _("Starting stack"), 1000, 100, 100_000)
ANTE = NumberOption("ante", _("Ante"), 10, 1, 10_000)
MIN_BET = NumberOption("min_bet", _("Minimum bet"), 10, 1, 10_000)
OUT_OF_CHIPS = ChoiceOption(
    "rebuy", _("Out of chips"), REBUY, ((REBUY, _("Rebuy")), (FREEZEOUT, _("Freezeout")))
)
TIE = ChoiceOption(
    "tie",
    _("Tied hands"),
    SEAT_ORDER,
    ((SEAT_ORDER, _("Nearest the dealer's right takes the pot")), (SPLIT, _("Split the pot"))),
)

OPTIONS: tuple[Option, ...] = (STARTING_STACK, ANTE, MIN_BET, OUT_OF_CHIPS, TIE)


def engine_options(table_options: Mapping[str, OptionValue]) -> golfo.Options:
    defaults = golfo.Options()
    return golfo.Options(
        starting_stack=int(table_options.get("starting_stack", defaults.starting_stack)),
        ante=int(table_options.get("ante", defaults.ante)),
        min_bet=int(table_options.get("min_bet", defaults.min_bet)),
        stakes=golfo.Stakes(str(table_options.get("rebuy", defaults.stakes))),
        tie=golfo.TieRule(str(table_options.get("tie", defaults.tie))),
    )


TOURNAMENT_MIN_BET_PER_ANTE = 2
"""A tournament hand's minimum bet, in antes: the engine's own defaults (ante 10, minimum bet
20), kept as the ante rises by levels."""


def tournament_hand_options(
    table_options: Mapping[str, OptionValue], stacks: Sequence[int], dealer: int, ante: int
) -> JsonObject:
    """One tournament hand: a freezeout from each seat's chips carried so far, with the level's
    ante and a minimum bet of two antes; the tie rule is the table's."""
    return dataclasses.replace(
        engine_options(table_options),
        stakes=golfo.Stakes.FREEZEOUT,
        stacks=tuple(stacks),
        dealer=dealer,
        ante=ante,
        min_bet=TOURNAMENT_MIN_BET_PER_ANTE * ante,
    ).to_json()


def check_options(options: Mapping[str, OptionValue]) -> StrOrPromise | None:
    """Neither the ante nor the minimum bet may exceed the starting stack."""
    stack = int(options[STARTING_STACK.name])
    if int(options[ANTE.name]) > stack or int(options[MIN_BET.name]) > stack:
        return _("The ante and the minimum bet cannot exceed the starting stack.")
    return None
