"""Django's ``i18n`` template library, with ``{% translate "constant" %}`` looked up once per
language (``TEMPLATES``' ``libraries`` puts it under the name ``i18n``, so every template's
``{% load i18n %}`` loads it, and ``makemessages`` reads the tags as before).

Django's tag makes a lazy translation of its text on every render, then looks the active
language up to translate it: a table's frame renders a few dozen of these tags for each of its
viewers. A tag whose text and context are written in the template, with no filter and no
``as``, gives the same words in the same language every time (written text is safe, so
escaping never changes them), and its node keeps them by the language it rendered them in. Any
other form of the tag is Django's own.
"""

from django import template
from django.template.base import FilterExpression
from django.templatetags import i18n as django_i18n
from django.templatetags.i18n import TranslateNode

from games.live.part_cache import active_language

register = template.Library()
register.tags.update(django_i18n.register.tags)
register.filters.update(django_i18n.register.filters)


class ConstantTranslateNode(TranslateNode):
    """A ``translate`` tag of constant text: its words kept per language."""

    def __init__(self, node: TranslateNode) -> None:
        super().__init__(node.filter_expression, node.noop, node.asvar, node.message_context)
        self.words: dict[str | None, str] = {}

    def render(self, context: template.Context) -> str:
        language = active_language(context)
        words = self.words.get(language)
        if words is None:
            words = self.words[language] = super().render(context)
        return words


def _constant(expression: FilterExpression | None) -> bool:
    """No expression, or one of written text with no filter (its ``var`` is the text itself,
    or a ``Variable`` of it once ``TranslateNode`` has wrapped it)."""
    if expression is None:
        return True
    text = expression.var
    return not expression.filters and (isinstance(text, str) or text.literal is not None)


@register.tag("translate")
@register.tag("trans")
def do_translate(parser: template.base.Parser, token: template.base.Token) -> TranslateNode:
    node = django_i18n.do_translate(parser, token)
    if node.asvar or not _constant(node.filter_expression) or not _constant(node.message_context):
        return node
    return ConstantTranslateNode(node)
