"""Golfo moves in words. A descarte is told by how many cards were thrown, never which: the cards
thrown are never shown at the table."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

from games.engine.protocol import View


def describe(
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
    before: dict[str, Any],
    after: dict[str, Any],
) -> str:
    kind = action["kind"]
    words: dict[str, Any] = {"name": actor}
    if kind == "pass":
        return gettext("%(name)s passes") % words
    if kind == "bet":
        return gettext("%(name)s bets %(amount)s") % (words | {"amount": action["amount"]})
    if kind == "call":
        return gettext("%(name)s calls") % words
    if kind == "raise":
        total = before["current_bet"] + action["amount"]
        return gettext("%(name)s raises to %(amount)s") % (words | {"amount": total})
    if kind == "fold":
        return gettext("%(name)s folds") % words
    if kind == "discard":
        count = len(action["cards"])
        if not count:
            return gettext("%(name)s stands pat") % words
        return ngettext(
            "%(name)s discards %(count)s card", "%(name)s discards %(count)s cards", count
        ) % (words | {"count": count})
    if kind == "rebuy":
        amount = action["amount"]
        return ngettext(
            "%(name)s rebuys %(amount)s chip", "%(name)s rebuys %(amount)s chips", amount
        ) % (words | {"amount": amount})
    return gettext("The next hand is dealt")


def mark(action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
    """Where the move landed on the board, from the public views: ``pot`` (how much the pots
    grew) and ``count`` (cards thrown in a descarte)."""
    mark: dict[str, Any] = {"pot": after["pot_total"] - before["pot_total"]}
    if action.get("kind") == "discard":
        mark["count"] = len(action["cards"])
    return mark
