"""Pai Gow Poker moves in words. A split names its cards only to the player who made it: the
others see his hands when the coup is settled."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext

from games.card_names import card_list
from games.engine.protocol import View


def describe(
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
    before: View,
    after: View,
) -> str:
    kind = action["kind"]
    words: dict[str, Any] = {"name": actor}
    if kind == "bet":
        return pgettext("paigow", "%(name)s bets %(amount)s") % (
            words | {"amount": action["amount"]}
        )
    if kind == "sit_out":
        return pgettext("paigow", "%(name)s sits this coup out") % words
    if kind in ("split", "house_way") and (seat is None or seat != viewer):
        return pgettext("paigow", "%(name)s sets his hands") % words
    if kind == "split":
        low = card_list(action["low"])
        return pgettext("paigow", "%(name)s sets his hands: %(low)s in the 2-card hand") % (
            words | {"low": low}
        )
    if kind == "house_way":
        return pgettext("paigow", "%(name)s sets his hands the house way") % words
    if kind == "close_bets":
        return pgettext("paigow", "No more bets")
    return pgettext("paigow", "The next coup opens")


def mark(action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
    """Nothing besides the seat and the kind: a bet shows on its seat, a split only as set."""
    return {}
