"""A server process freezes what it loaded before its first connection out of the garbage
collector's reach, lets its young objects die before a collection, and collects its middle
generation in smaller pieces, so that the collections that stopped a process for a quarter or half
a second at 500 tables do not come in the middle of the play (``cardroom.collector``). Checked in a
fresh process, as daphne starts one."""

import gc

import orjson
from django.template import Context, Engine
from django.utils import translation

from cardroom.collector import MIDDLE_COLLECTIONS, YOUNG_OBJECTS
from games.kinds.screens import Part
from games.live.part_cache import Renderings, part_digest
from games.templatetags.snippets import _snippet
from tests.support.processes import in_a_fresh_process

FRESH_PROCESS = """
import gc

import cardroom.asgi

print(gc.get_freeze_count(), *gc.get_threshold())
"""


def test_a_new_server_process_keeps_what_it_loaded_out_of_every_collection() -> None:
    frozen, young, middle, old = map(int, in_a_fresh_process(FRESH_PROCESS).split())
    assert frozen > 50_000, "the templates, URLs and translations were not frozen"
    assert (young, middle, old) == (YOUNG_OBJECTS, MIDDLE_COLLECTIONS, 10)


def test_the_html_a_process_keeps_is_no_work_for_the_collector() -> None:
    """A process keeps thousands of renderings and snippets: kept as plain strings, which the
    collector does not track, rather than as the ``SafeString`` a template gives; they are still
    put in a page unescaped."""
    renderings = Renderings()
    part = Part("tables/_version.html", {"version": 7})
    kept = renderings.html(part_digest(part, "es"), part, "es")
    assert renderings.html(part_digest(part, "es"), part, "es") is kept
    assert not gc.is_tracked(kept)
    assert 'data-version="7"' in kept

    snippet = _snippet("tables/golfo/_backs.html", orjson.dumps({"backs": [0, 1]}), "es")
    assert not gc.is_tracked(snippet)
    page = Engine.get_default().from_string(
        '{% load snippets %}{% snippet "tables/golfo/_backs.html" backs=backs %}'
    )
    with translation.override("es"):
        assert page.render(Context({"backs": [0, 1]})) == snippet
    assert snippet.startswith('<div class="golfo-backs"')
