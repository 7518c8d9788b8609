"""Monte moves in words: "Paco apuesta 20: Camo a la primera carta", "Paco no apuesta más",
"No va más: sale el as de copas, Camo de la primera carta. La banca paga 20 y cobra 10" (what the
bank paid and took on the bets the draw settled). The layout is public, so every reader reads the
same words."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, pgettext

from games.card_names import card_name
from games.engine.protocol import View
from games.kinds.monte.bet_names import RELATION_NAMES, bet_name, position_name
from games.kinds.settling import with_settling


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
    if kind == "bet":
        return pgettext("monte", "%(name)s bets %(amount)s: %(bet)s") % {
            "name": actor,
            "amount": action["amount"],
            "bet": bet_name(action["bet"], action["cards"], action["against"]),
        }
    if kind == "done":
        return pgettext("monte", "%(name)s bets no more") % {"name": actor}
    if kind == "no_va_mas":
        match = after["matches"][-1]
        drawn = pgettext("monte", "No va más: %(card)s comes out, %(relation)s of %(position)s") % {
            "card": card_name(match["card"]),
            "relation": RELATION_NAMES[match["relation"]],
            "position": position_name(match["position"]),
        }
        settled = after["settled"][len(before["settled"]) :]
        return with_settling(drawn, (bet["paid"] - bet["amount"] for bet in settled))
    return gettext("The next coup is dealt")


def mark(action: Mapping[str, Any], *, before: View, after: View) -> dict[str, Any]:
    """Where the move landed on the cloth, from the public views: a bet's spot (``bet``,
    ``cards``, ``against``); after "no va más", the cards it drew (``drawn``)."""
    if action.get("kind") == "bet":
        return {key: action[key] for key in ("bet", "cards", "against")}
    if action.get("kind") == "no_va_mas":
        return {"drawn": len(after["drawn"]) - len(before["drawn"])}
    return {}
