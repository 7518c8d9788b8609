"""The three-bet stud's table options (RULES.md §3) and the engine options they make. The engine
counts chips only as a running tally at a house table (the wallet holds what a player has), so
every seat's stake and the bank are set far beyond any table's reach."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engine import stud
from games.kinds.options import ChoiceOption, NumberOption, Option, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT_STAKE = 10**9
BANK = 10**12

MIN_BET = NumberOption("min_bet", _("Minimum bet"), 1, 1, 10_000)
MAX_BET = NumberOption("max_bet", _("Maximum bet"), 100, 1, 10_000)
PAY_TABLE = ChoiceOption(
    "pay_table",
    _("Lowest paying hand"),
    str(stud.PayTable.TENS),
    (
        (str(stud.PayTable.TENS), _("A pair of tens")),
        (str(stud.PayTable.JACKS), _("A pair of jacks")),
    ),
)

OPTIONS: tuple[Option, ...] = (MIN_BET, MAX_BET, PAY_TABLE)


def engine_options(table_options: Mapping[str, OptionValue]) -> stud.Options:
    return stud.Options(
        pay_table=stud.PayTable(str(table_options.get(PAY_TABLE.name, PAY_TABLE.default))),
        min_bet=int(table_options.get(MIN_BET.name, MIN_BET.default)),
        max_bet=int(table_options.get(MAX_BET.name, MAX_BET.default)),
        stake=SEAT_STAKE,
        bank=BANK,
    )


def check_options(options: Mapping[str, OptionValue]) -> StrOrPromise | None:
    """The minimum bet may not exceed the maximum."""
    if int(options[MIN_BET.name]) > int(options[MAX_BET.name]):
        return _("The minimum bet cannot exceed the maximum bet.")
    return None
