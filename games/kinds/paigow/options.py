"""Pai Gow Poker's table options (RULES.md §3) and the engine options they make.

At a house table the chips are the wallet's (docs/wallet.md): the engine's own chips of each seat
and of the bank are only a running count, set so high here that they never limit a bet."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engine import paigow
from games.kinds.options import NumberOption, Option, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT_CHIPS = 10**9
BANK_CHIPS = 10**12
COMMISSION = 5
"""RULES.md §3: a winning bet is paid even money less 5%."""

BET_STEP = paigow.Options(commission=COMMISSION).bet_step
"""Bets are whole multiples of this (20), so that the commission is a whole number of chips."""

MIN_BET = NumberOption("min_bet", _("Minimum bet"), 20, BET_STEP, 10_000)
MAX_BET = NumberOption("max_bet", _("Maximum bet"), 1000, BET_STEP, 100_000)

OPTIONS: tuple[Option, ...] = (MIN_BET, MAX_BET)


def engine_options(table_options: Mapping[str, OptionValue]) -> paigow.Options:
    return paigow.Options(
        min_bet=int(table_options.get(MIN_BET.name, MIN_BET.default)),
        max_bet=int(table_options.get(MAX_BET.name, MAX_BET.default)),
        commission=COMMISSION,
        starting_chips=SEAT_CHIPS,
        bank=BANK_CHIPS,
    )


def check_options(options: Mapping[str, OptionValue]) -> StrOrPromise | None:
    """Both limits in whole steps of 20 chips, the minimum not above the maximum."""
    minimum, maximum = int(options[MIN_BET.name]), int(options[MAX_BET.name])
    if minimum % BET_STEP or maximum % BET_STEP:
        return _("The bet limits must be multiples of 20 chips.")
    if minimum > maximum:
        return _("The minimum bet cannot exceed the maximum bet.")
    return None
