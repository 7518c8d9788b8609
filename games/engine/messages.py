"""The engines' messages: marked for translation, filled with cards named as people name them.

A refusal carries an English template and plain parameters (cards in notation, so that a view
stays plain JSON). :func:`render` fills the template in the reader's language: a card becomes
"el 10 de bastos" / "the 10 of clubs", "el caballo de copas" / "the knight of cups", "la sota de
oros" / "the jack of coins", "el comodín" / "the joker", never ``10B``, with the words of the
cards' labels on the table screens; a ``reason`` is translated too. The engine renders in English
(``translate`` left as is); the web layer passes ``gettext``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Translate = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a message for translation without translating it (gettext_noop)."""
    return message


SUIT_WORDS = {"O": N_("coins"), "C": N_("cups"), "E": N_("swords"), "B": N_("clubs")}
FACE_PHRASES = {
    "A": N_("the ace of {suit}"),
    "J": N_("the jack of {suit}"),
    "Q": N_("the knight of {suit}"),
    "K": N_("the king of {suit}"),
}
NUMBER_PHRASE = N_("the {rank} of {suit}")
JOKER_PHRASE = N_("the joker")
JOKER_AS_PHRASE = N_("the joker as {card}")
CARD_PARAMETERS = frozenset({"card", "cards", "joker_as"})
TRANSLATED_PARAMETERS = frozenset({"reason"})
_NUMBERS = frozenset(str(n) for n in range(2, 11))


def _unchanged(message: str) -> str:
    return message


def card_words(notation: str, translate: Translate = _unchanged) -> str:
    """One card in words: ``"10B"`` → "the 10 of clubs", ``"*"`` → "the joker", ``"*=7O"`` →
    "the joker as the 7 of coins". Text that is not a card is returned as it is."""
    if notation == "*":
        return translate(JOKER_PHRASE)
    if notation.startswith("*="):
        return translate(JOKER_AS_PHRASE).format(card=card_words(notation[2:], translate))
    rank, suit = notation[:-1], notation[-1:]
    if suit not in SUIT_WORDS or not (rank in FACE_PHRASES or rank in _NUMBERS):
        return notation
    phrase = FACE_PHRASES.get(rank, NUMBER_PHRASE)
    return translate(phrase).format(rank=rank, suit=translate(SUIT_WORDS[suit]))


def cards_words(notation: str, translate: Translate = _unchanged) -> str:
    """Cards in notation, space-separated (``"5O 6O *=7O"``), in words separated by commas."""
    return ", ".join(card_words(word, translate) for word in notation.split())


def render(template: str, params: Mapping[str, Any], translate: Translate = _unchanged) -> str:
    """The message in the reader's language, cards in words, its first letter a capital."""
    shown: dict[str, Any] = {}
    for name, value in params.items():
        if name in CARD_PARAMETERS and isinstance(value, str):
            value = cards_words(value, translate)
        elif name in TRANSLATED_PARAMETERS and isinstance(value, str):
            value = translate(value)
        shown[name] = value
    text = translate(template).format(**shown)
    return text[:1].upper() + text[1:]
