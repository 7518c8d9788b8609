"""Pai Gow Poker moves in words. A split names its cards only to the player who made it: the
others see his hands when the coup is settled. The move that ends the coup is followed by what the
bank paid and took."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import pgettext

from games.card_names import card_list
from games.engine.paigow.state import Phase
from games.engine.protocol import View
from games.kinds.settling import with_settling


def describe(
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
    before: View,
    after: View,
) -> str:
    """The move; after the last bet, when it closes the bets, "no va más"; after the move that
    ends the coup, what the bank paid and took."""
    text = _move(action, actor=actor, seat=seat, viewer=viewer)
    if last_bet(action, before=before, after=after):
        text = pgettext("paigow", "%(move)s. No more bets") % {"move": text}
    if after.get("phase") != Phase.COUP_OVER or before.get("phase") == Phase.COUP_OVER:
        return text
    nets = (place["net"] for place in after["seats"] if place["outcome"] is not None)
    return with_settling(text, nets)


def last_bet(action: Mapping[str, Any], *, before: View, after: View) -> bool:
    """Whether a player's bet (or sitting out) was the last the bets waited for: the engine deals
    at once, with no move of the dealer's to say "no va más"."""
    return (
        action["kind"] != "close_bets"
        and before.get("phase") == Phase.BETTING
        and after.get("phase") != Phase.BETTING
    )


def _move(
    action: dict[str, Any],
    *,
    actor: str,
    seat: int | None,
    viewer: int | None,
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
