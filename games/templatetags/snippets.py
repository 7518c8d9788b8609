"""Small pieces every table frame repeats, rendered once and then reused:

- ``{% snippet "tables/_card_face.html" rank=... suit=... joker=... %}``: a template whose few
  arguments are plain (strings, numbers, booleans, ``None``, or lists of them), such as a card's
  corners and suit, or the backs of the cards a Golfo player holds.
- ``{% player_badges badges %}``: the guest, bot and rating marks next to a player's name
  (``tables/_player_badges.html``, from ``games.kinds.screens.player_badges``).

Each depends only on its arguments and the active language, so its HTML is kept by them: a hand
of fourteen cards or a table of four seats otherwise costs an include (or three) each, on every
frame of every viewer.
"""

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString
from django.utils.translation import get_language

register = template.Library()

Plain = str | int | bool | None


@register.simple_tag
def snippet(template_name: str, **arguments: Plain | list[Plain]) -> SafeString:
    kept = tuple(
        (name, tuple(value) if isinstance(value, list) else value)
        for name, value in sorted(arguments.items())
    )
    return _snippet(template_name, kept, get_language())


@lru_cache(maxsize=1024)
def _snippet(
    template_name: str,
    arguments: tuple[tuple[str, Plain | tuple[Plain, ...]], ...],
    language: str | None,
) -> SafeString:
    """Made in ``language``, the active one."""
    return render_to_string(template_name, dict(arguments))


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
