"""Rummy 70 moves in words. Every card named here lay face up on the table when the move was
made (a discard, a meld, a lay-off, a swapped card); the closing card laid face down is named
only to the player who laid it."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext

from games.card_names import card_name, in_a_list
from games.engine.protocol import View


def _meld_cards(cards: list[str], joker_as: str | None) -> str:
    named = [
        gettext("the joker as %(card)s") % {"card": card_name(joker_as)}
        if code.startswith("*") and joker_as
        else card_name(code)
        for code in cards
    ]
    return in_a_list(named)


def _table_meld(view: dict[str, Any], index: int) -> str:
    meld = view["melds"][index]
    return _meld_cards(meld["cards"], meld["joker_as"])


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
    words = {"name": actor}
    if kind == "draw":
        return gettext("%(name)s drew from the stock") % words
    if kind == "take_discard":
        return gettext("%(name)s took %(card)s from the discard pile") % (
            words | {"card": card_name(before["top_discard"])}
        )
    if kind == "open":
        melds = [_meld_cards(meld["cards"], meld["joker_as"]) for meld in action["melds"]]
        return gettext("%(name)s opens with %(melds)s") % (words | {"melds": "; ".join(melds)})
    if kind == "lay_meld":
        meld = action["meld"]
        return gettext("%(name)s lays %(meld)s") % (
            words | {"meld": _meld_cards(meld["cards"], meld["joker_as"])}
        )
    if kind == "lay_off":
        card = _meld_cards([action["card"]], action["joker_as"])
        return gettext("%(name)s lays %(card)s on %(meld)s") % (
            words | {"card": card, "meld": _table_meld(before, action["meld"])}
        )
    if kind == "swap_joker":
        return gettext("%(name)s swaps the joker for %(card)s in %(meld)s") % (
            words | {"meld": _table_meld(before, action["meld"]), "card": card_name(action["card"])}
        )
    if kind == "discard":
        return gettext("%(name)s discards %(card)s") % (words | {"card": card_name(action["card"])})
    if kind == "close":
        if action["last"] is None:
            return gettext("%(name)s closes") % words
        if viewer is not None and viewer == seat:
            return gettext("%(name)s closes, laying %(card)s face down") % (
                words | {"card": card_name(action["last"])}
            )
        return gettext("%(name)s closes, laying a card face down") % words
    if kind == "keep_cut":
        if action["keep"]:
            return gettext("%(name)s keeps the joker he cut") % words
        return gettext("%(name)s puts the joker he cut back into the stock") % words
    if kind == "ready":
        return gettext("%(name)s is ready") % words
    return gettext("The next hand is dealt")


def mark(action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
    """Where the move landed on the board, from the public views: ``melds`` (indices of the
    melds it made or added to) and ``card`` (the face laid off or swapped in)."""
    kind = action.get("kind")
    if kind in ("open", "lay_meld"):
        return {"melds": list(range(len(before["melds"]), len(after["melds"])))}
    if kind in ("lay_off", "swap_joker"):
        return {"melds": [action["meld"]], "card": action["card"] if kind == "lay_off" else None}
    return {}
