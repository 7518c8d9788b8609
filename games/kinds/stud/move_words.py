"""Three-bet stud moves in words. A player's cards are never named: only the common card the
dealer showed by mistake, which everybody saw. The move that ends the hand is followed by what the
bank paid and took."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext

from games.card_names import card_name
from games.engine.protocol import View
from games.engine.stud.options import BETS
from games.engine.stud.state import Phase
from games.kinds.settling import with_settling

DECIDING = {"first": 1, "second": 2}
"""The bet each deciding phase is about."""


def describe(
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
    before: dict[str, Any],
    after: dict[str, Any],
) -> str:
    """The move, and after the move that ends the hand, what the bank paid and took."""
    text = _move(action, actor=actor, before=before, after=after)
    if after.get("phase") != Phase.HAND_OVER or before.get("phase") == Phase.HAND_OVER:
        return text
    return with_settling(
        text, (place["result"]["net"] for place in after["seats"] if place["result"])
    )


def _move(
    action: dict[str, Any],
    *,
    actor: str,
    before: dict[str, Any],
    after: dict[str, Any],
) -> str:
    kind = action["kind"]
    words: dict[str, Any] = {"name": actor}
    if kind == "bet":
        amount = action["amount"]
        return pgettext("stud", "%(name)s bets %(count)s × %(amount)s") % (
            words | {"count": BETS, "amount": amount}
        )
    if kind in ("ride", "withdraw"):
        words["number"] = DECIDING.get(before.get("phase", ""), "")
        if kind == "ride":
            return pgettext("stud", "%(name)s lets bet %(number)s ride") % words
        return pgettext("stud", "%(name)s withdraws bet %(number)s") % words
    if kind == "deal":
        return pgettext("stud", "No more bets: the cards are dealt")
    if kind == "expose":
        card = after["common"][action["position"]]
        shown = {"card": card_name(card)}
        if after.get("voided"):
            text = pgettext("stud", "%(card)s was shown by mistake: the hand is void") % shown
        else:
            text = pgettext("stud", "%(card)s was shown by mistake: the hand goes on") % shown
        return text[:1].upper() + text[1:]
    return pgettext("stud", "The betting opens for the next hand")


def mark(action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
    """Where the move landed, from the public views: ``number``, the bet a decision was about;
    ``position``, the common card a mistake showed."""
    if action.get("kind") in ("ride", "withdraw"):
        return {"number": DECIDING.get(str(before.get("phase", "")), 0)}
    if action.get("kind") == "expose":
        return {"position": action["position"]}
    return {}
