"""Monte's bets and grid positions in words, for the screen and the moves told in the log:
"Camo de la primera carta", "Cartas: la fila de arriba contra la fila de abajo". The bets'
own names (VIS, Camo, Anti, Viudo, Salto, Cartas) stay Spanish in every language."""

from collections.abc import Sequence

from django.utils.translation import pgettext, pgettext_lazy

BET_NAMES = {
    "vis": "VIS",
    "camo": "Camo",
    "anti": "Anti",
    "viudo": "Viudo",
    "salto": "Salto",
    "cartas": "Cartas",
}
"""The bets by their engine names, as the cloth names them."""

RELATION_NAMES = {"camo": "Camo", "anti": "Anti", "viudo": "Viudo"}

ORDINALS = (
    pgettext_lazy("monte", "first"),
    pgettext_lazy("monte", "second"),
    pgettext_lazy("monte", "third"),
    pgettext_lazy("monte", "fourth"),
)
"""The grid positions 0-3: first upper left, second upper right, third lower left, fourth
lower right."""

SIDES = {
    (0, 1): pgettext_lazy("monte", "the top row"),
    (2, 3): pgettext_lazy("monte", "the bottom row"),
    (0, 2): pgettext_lazy("monte", "the left column"),
    (1, 3): pgettext_lazy("monte", "the right column"),
    (0, 3): pgettext_lazy("monte", "the first and fourth cards"),
    (1, 2): pgettext_lazy("monte", "the second and third cards"),
}
"""The two cards of a Cartas bet two against two."""


def position_name(position: int) -> str:
    """``"the first card"`` / ``"la primera carta"``."""
    return pgettext("monte", "the %(ordinal)s card") % {"ordinal": ORDINALS[position]}


def side_name(cards: Sequence[int]) -> str:
    """One side of a Cartas bet: a card, or two (a row, a column, a diagonal)."""
    if len(cards) == 1:
        return position_name(cards[0])
    return str(SIDES[(min(cards), max(cards))])


def bet_name(bet: str, cards: Sequence[int], against: Sequence[int]) -> str:
    """A bet on the cloth in words: ``"Camo on the first card"``, ``"Cartas: the first card
    against the second card"``."""
    if bet == "cartas":
        return pgettext("monte", "Cartas: %(side)s against %(other)s") % {
            "side": side_name(cards),
            "other": side_name(against),
        }
    return pgettext("monte", "%(bet)s on %(position)s") % {
        "bet": BET_NAMES[bet],
        "position": position_name(cards[0]),
    }
