"""Small pieces every table frame repeats, rendered once and then reused:

- ``{% card_face rank suit joker %}``: a card's corners and suit (``tables/_card_face.html``).
- ``{% player_badges badges %}``: the guest, bot and rating marks next to a player's name
  (``tables/_player_badges.html``, from ``games.kinds.screens.player_badges``).

Each depends only on its few arguments and the active language, so its HTML is kept by them:
a hand of fourteen cards or a table of four seats otherwise costs an include (or three) each,
on every frame of every viewer.
"""

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()


@register.simple_tag
def card_face(rank: object, suit: object, joker: object) -> SafeString:
    return _card_face(str(rank), str(suit), bool(joker))


@lru_cache(maxsize=256)
def _card_face(rank: str, suit: str, joker: bool) -> SafeString:
    """No words in it: the same in every language."""
    return render_to_string("tables/_card_face.html", {"rank": rank, "suit": suit, "joker": joker})


@register.simple_tag
def player_badges(badges: Mapping[str, Any]) -> SafeString:
    return _player_badges(
        bool(badges["is_guest"]), bool(badges["is_bot"]), badges["rating"], get_language()
    )


@lru_cache(maxsize=1024)
def _player_badges(
    is_guest: bool, is_bot: bool, rating: int | None, language: str | None
) -> SafeString:
    """Made in ``language``, the active one."""
    badges = {"is_guest": is_guest, "is_bot": is_bot, "rating": rating}
    return render_to_string("tables/_player_badges.html", {"badges": badges})
