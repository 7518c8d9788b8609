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
from django.template.base import FilterExpression, Parser, Token, Variable, token_kwargs

from games.live.part_cache import PartContext, active_language, kept_html

register = template.Library()

KEPT_SNIPPETS = 8192


class SnippetNode(template.Node):
    """A snippet's kept HTML, or one per item of a list, as it is: a node's output goes into the
    page unescaped, where a simple tag's is escaped unless marked safe, which would wrap each kept
    string in a new ``SafeString`` (docs/performance.md, thirty-third pass)."""

    def __init__(
        self, template_name: str, arguments: dict[str, FilterExpression], *, each: bool
    ) -> None:
        self.template_name = template_name
        self.arguments = arguments
        self.each = each

    def render(self, context: Context) -> str:
        language = active_language(context)
        values = {name: value.resolve(context) for name, value in self.arguments.items()}
        if not self.each:
            return _snippet(self.template_name, _json(values), language)
        ((name, items),) = values.items()
        return "".join(
            _snippet(self.template_name, _json({name: item}), language) for item in items
        )


@register.tag
def snippet(parser: Parser, token: Token) -> SnippetNode:
    return _snippet_node(parser, token, each=False)


@register.tag
def snippets(parser: Parser, token: Token) -> SnippetNode:
    return _snippet_node(parser, token, each=True)


def _snippet_node(parser: Parser, token: Token, *, each: bool) -> SnippetNode:
    tag, *bits = token.split_contents()
    template_name = Variable(bits[0]).literal if bits else None
    if not isinstance(template_name, str):
        raise template.TemplateSyntaxError(f"{tag} takes a template's name in quotes first")
    arguments = token_kwargs(bits[1:], parser, support_legacy=False)
    if len(arguments) != len(bits) - 1 or (each and len(arguments) != 1):
        raise template.TemplateSyntaxError(
            f"{tag} takes {'one argument' if each else 'arguments'} as name=value"
        )
    return SnippetNode(template_name, arguments, each=each)


def _json(arguments: dict[str, Any]) -> bytes:
    """The arguments' keys in the order given, as ``part_digest`` writes a part's."""
    return orjson.dumps(arguments)


@lru_cache(maxsize=KEPT_SNIPPETS)
def _snippet(template_name: str, arguments: bytes, language: str | None) -> str:
    """Made in ``language``, the active one, from the arguments' JSON; kept as a plain string
    (``kept_html``)."""
    context = PartContext(orjson.loads(arguments), language=language)
    return kept_html(Engine.get_default().get_template(template_name).render(context))
