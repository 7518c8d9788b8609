"""Rummy 70's table options (RULES.md §1) and the engine options they make."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from games.engine import rummy
from games.engine.protocol import JsonObject
from games.kinds.options import NumberOption, Option, OptionValue

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

JOKER_PENALTY = NumberOption("joker_penalty", _("Joker left in hand (points)"), 25, 0, 100)

OPTIONS: tuple[Option, ...] = (JOKER_PENALTY,)


def engine_options(table_options: Mapping[str, OptionValue]) -> rummy.Options:
    return rummy.Options(
        joker_penalty=int(table_options.get(JOKER_PENALTY.name, JOKER_PENALTY.default))
    )


def tournament_hand_options(
    table_options: Mapping[str, OptionValue], points: Sequence[int], dealer: int, ante: int
) -> JsonObject:
    """One tournament hand: the table's options, each seat's penalty points carried so far and
    the dealer (there is no ante)."""
    table = engine_options(table_options)
    return rummy.Options(
        joker_penalty=table.joker_penalty, points=tuple(points), dealer=dealer
    ).to_json()


def check_options(options: Mapping[str, OptionValue]) -> StrOrPromise | None:
    """Each option alone says it all."""
    return None
