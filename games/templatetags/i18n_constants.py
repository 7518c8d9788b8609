"""Django's ``i18n`` template library, with ``{% translate "constant" %}`` and the sentence of a
``{% blocktranslate %}`` looked up once per language (``TEMPLATES``' ``libraries`` puts it under
the name ``i18n``, so every template's ``{% load i18n %}`` loads it, and ``makemessages`` reads
the tags as before).

Django's tags look the active language up to translate their text on every render (and
``blocktranslate`` writes its sentence out of its tokens first): a table's frame renders a few
dozen of them for each of its viewers. A ``translate`` whose text and context are written in the
template, with no filter and no ``as``, gives the same words in the same language every time
(written text is safe, so escaping never changes them), and its node keeps them by the language
it rendered them in. A ``blocktranslate`` with no plural, no ``as`` and a written context (or
none) has one sentence per language, which its node keeps; the values it fills in are rendered
every time. Any other form of either tag is Django's own.
"""

from typing import Any

from django import template
from django.template.base import FilterExpression, render_value_in_context
from django.templatetags import i18n as django_i18n
from django.templatetags.i18n import BlockTranslateNode, TranslateNode
from django.utils import translation

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
    """No expression, or one of written text with no filter."""
    return expression is None or (not expression.filters and _written(expression) is not None)


def _written(expression: FilterExpression | None) -> str | None:
    """The written text of an expression: its ``var`` is the text itself, or a ``Variable`` of
    it once ``TranslateNode`` has wrapped it (``None`` for no expression, or a variable)."""
    if expression is None:
        return None
    text = expression.var
    return text if isinstance(text, str) else text.literal


@register.tag("translate")
@register.tag("trans")
def do_translate(parser: template.base.Parser, token: template.base.Token) -> TranslateNode:
    node = django_i18n.do_translate(parser, token)
    if node.asvar or not _constant(node.filter_expression) or not _constant(node.message_context):
        return node
    return ConstantTranslateNode(node)


class ConstantBlockTranslateNode(BlockTranslateNode):
    """A ``blocktranslate`` of one sentence: its translation kept per language, its values
    filled in at each render as Django's tag fills them (rendered and escaped in the context)."""

    def __init__(self, node: BlockTranslateNode) -> None:
        super().__init__(
            node.extra_context,
            node.singular,
            message_context=node.message_context,
            trimmed=node.trimmed,
        )
        self.sentence, self.names = self.render_token_list(self.singular)
        self.context_words = _written(node.message_context)
        self.sentences: dict[str | None, str] = {}

    def render(self, context: template.Context, nested: bool = False) -> str:
        language = active_language(context)
        sentence = self.sentences.get(language)
        if sentence is None:
            sentence = self.sentences[language] = (
                translation.gettext(self.sentence)
                if self.context_words is None
                else translation.pgettext(self.context_words, self.sentence)
            )
        values = {
            name: render_value_in_context(self._value(name, context), context)
            for name in self.names
        }
        try:
            return sentence % values
        except (KeyError, ValueError):
            return super().render(context, nested)

    def _value(self, name: str, context: template.Context) -> Any:
        given = self.extra_context.get(name)
        if given is not None:
            return given.resolve(context)
        if name in context:
            return context[name]
        rendering = context.template
        invalid = "" if rendering is None else rendering.engine.string_if_invalid
        return invalid % name if "%s" in invalid else invalid


@register.tag("blocktranslate")
@register.tag("blocktrans")
def do_block_translate(
    parser: template.base.Parser, token: template.base.Token
) -> BlockTranslateNode:
    node = django_i18n.do_block_translate(parser, token)
    if node.plural or node.asvar or not _constant(node.message_context):
        return node
    return ConstantBlockTranslateNode(node)
