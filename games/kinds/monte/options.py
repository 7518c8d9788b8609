"""Monte's table options (RULES.md §3): the smallest stake, from which art. 141 makes each bet's
limit, and the engine options they make. The chips a player stakes are his wallet's
(docs/wallet.md): the engine's own chips and bank are only a running count, set out of reach."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engine import monte
from games.kinds.options import NumberOption, Option, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

SEAT_CHIPS = 10**9
"""Each engine seat's chips: never the limit (the wallet is), only a running count."""
BANK = 10**12
"""The bank's chips in the engine: enough to cover every bet on a full cloth."""

MINIMUM = NumberOption("minimum", _("Minimum stake"), 10, 1, 10_000)

OPTIONS: tuple[Option, ...] = (MINIMUM,)


def engine_options(table_options: Mapping[str, OptionValue]) -> monte.Options:
    minimum = int(table_options.get(MINIMUM.name, MINIMUM.default))
    return monte.Options(minimum=minimum, chips=SEAT_CHIPS, bank=BANK)


def check_options(options: Mapping[str, OptionValue]) -> StrOrPromise | None:
    """One option: nothing to check across options."""
    return None
