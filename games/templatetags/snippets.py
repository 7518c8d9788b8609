"""``{% snippet "tables/golfo/_seat.html" seat=seat %}``: a small template that a table's frames
repeat, rendered once for the same arguments in the same language and then reused.

Its arguments are plain data, as a part's are (``games.kinds.screens.Part``): strings, numbers,
booleans, ``None``, and lists and dicts of them. Such a template depends only on them and the
active language, so its HTML is kept by the two: a card's face, a hand's card, a Golfo seat or a
player's badges is otherwise rendered afresh, include by include, on every frame of every viewer
although most are the same as on the frame before. A snippet is rendered as a part is, its
numbers unformatted (``games.live.part_cache.render_plain``).

``{% snippets "tables/rummy70/_card.html" card=cards %}`` is the snippet once per item of the list,
the item under the argument's name: a hand or a meld writes its cards with one tag rather than a
``{% for %}`` of ``{% snippet %}``, whose loop and tag each resolve their arguments again for every
card.
"""

from functools import lru_cache
from typing import Any

import orjson
from django import template
from django.template import Context, Engine
from django.utils.safestring import SafeString

from games.live.part_cache import PartContext, active_language, kept_html

register = template.Library()

KEPT_SNIPPETS = 8192


@register.simple_tag(takes_context=True)
def snippet(context: Context, template_name: str, **arguments: Any) -> SafeString:
    return SafeString(_snippet(template_name, _json(arguments), active_language(context)))


@register.simple_tag(takes_context=True)
def snippets(context: Context, template_name: str, **argument: list[Any]) -> SafeString:
    ((name, items),) = argument.items()
    language = active_language(context)
    return SafeString(
        "".join(_snippet(template_name, _json({name: item}), language) for item in items)
    )


def _json(arguments: dict[str, Any]) -> bytes:
    """The arguments' keys in the order given, as ``part_digest`` writes a part's."""
    return orjson.dumps(arguments)


@lru_cache(maxsize=KEPT_SNIPPETS)
def _snippet(template_name: str, arguments: bytes, language: str | None) -> str:
    """Made in ``language``, the active one, from the arguments' JSON; kept as a plain string
    (``kept_html``), which the tags mark safe."""
    context = PartContext(orjson.loads(arguments), language=language)
    return kept_html(Engine.get_default().get_template(template_name).render(context))
