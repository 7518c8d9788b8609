"""The settling of a coup at a table the house banks, told after the move that settled it: "No va
más: se reparten las cartas. La banca paga 19 y cobra 20". The sums are public: every reader reads
the same."""

from collections.abc import Iterable

from django.utils.translation import gettext


def with_settling(move: str, nets: Iterable[int]) -> str:
    """``move`` in words, then what the bank paid and took on the bets it settled (each bet's or
    seat's net: a win is what the bank paid, a loss what it took); ``move`` alone when it settled
    no bet."""
    results = list(nets)
    if not results:
        return move
    paid = sum(net for net in results if net > 0)
    taken = -sum(net for net in results if net < 0)
    return gettext("%(move)s. The bank pays %(paid)s and takes %(taken)s") % {
        "move": move,
        "paid": paid,
        "taken": taken,
    }
