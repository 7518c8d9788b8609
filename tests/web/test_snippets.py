"""The ``{% snippet %}`` and ``{% snippets %}`` tags: a small template a table's frames repeat,
kept once per arguments and language (``games.templatetags.snippets``)."""

import pytest
from django.template import Context, Engine, TemplateSyntaxError
from django.utils import translation

FORGED_NAME = '<b onclick="steal()">Eva</b> & Leo'


def rendered(source: str, **values: object) -> str:
    page = Engine.get_default().from_string("{% load snippets %}" + source)
    with translation.override("es"):
        return page.render(Context(values))


def seat(name: str) -> dict[str, object]:
    return {"name": name, "badges": {}, "stack": 12, "connected": True}


def test_a_player_s_name_in_a_snippet_is_shown_as_written_escaped_once() -> None:
    """A name is the player's own text: the seat shows it as typed, never as HTML, and not
    escaped twice (no ``&amp;amp;``), whether the seat is one snippet or one of a list."""
    one = rendered('{% snippet "tables/golfo/_seat.html" seat=seat %}', seat=seat(FORGED_NAME))
    listed = rendered(
        '{% snippets "tables/golfo/_seat.html" seat=seats %}',
        seats=[seat("Ana"), seat(FORGED_NAME)],
    )
    escaped = "&lt;b onclick=&quot;steal()&quot;&gt;Eva&lt;/b&gt; &amp; Leo"
    for html in (one, listed):
        assert escaped in html
        assert "<b onclick" not in html and "&amp;amp;" not in html
    assert listed.index(">Ana<") < listed.index(escaped)
    assert listed.count('class="golfo-name"') == 2


@pytest.mark.parametrize(
    "source",
    [
        "{% snippet tables/golfo/_seat.html seat=seat %}",
        "{% snippet 3 seat=seat %}",
        '{% snippet "tables/golfo/_seat.html" seat %}',
        "{% snippet %}",
        '{% snippets "tables/rummy70/_card.html" card=cards face=faces %}',
    ],
)
def test_a_snippet_tag_written_wrong_is_refused_when_its_template_loads(source: str) -> None:
    with pytest.raises(TemplateSyntaxError):
        Engine.get_default().from_string("{% load snippets %}" + source)
