"""Cards named as people say them, in the active language: "el 7 de oros", "la sota de copas",
"el comodín" (English: "the 7 of coins", "the jack of cups", "the joker"). The words are the
engines' own (``games.engine.messages``), so a refusal and a move told in the log name a card
alike."""

from collections.abc import Sequence

from django.utils.translation import gettext

from games.engine.cards import Card
from games.engine.messages import card_words


def card_name(card: Card | str) -> str:
    """One card (a ``Card``, its notation ``"7O"`` or its JSON form ``"7O#12"``) in words."""
    notation = card if isinstance(card, str) else str(card)
    return card_words(notation.partition("#")[0], gettext)


def card_list(cards: Sequence[Card | str]) -> str:
    """Several cards in words: "el 5 de oros, el 6 de oros y el comodín"."""
    return in_a_list([card_name(card) for card in cards])


def in_a_list(names: Sequence[str]) -> str:
    """Names joined as a sentence lists them: "a, b y c"."""
    if len(names) < 2:
        return "".join(names)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}
