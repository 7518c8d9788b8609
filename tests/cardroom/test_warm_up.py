"""A server process loads its URLs, templates and translations before its first connection
(``cardroom.warm_up``), so that the first hand end it shows, whose parts link to the hand's replay,
or the first Golfo showdown, does not load them in the middle of a player's move. Checked in a
fresh process, as daphne starts one."""

import textwrap

from tests.support.processes import in_a_fresh_process

FRESH_PROCESS = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import cardroom.asgi
    from django.template import Engine
    from django.template.base import Template

    assert "games.web.urls" in sys.modules, "the URL configuration was not loaded"
    compiled = []
    compile_nodelist = Template.compile_nodelist

    def counted(template):
        compiled.append(template.origin.template_name)
        return compile_nodelist(template)

    Template.compile_nodelist = counted
    engine = Engine.get_default()
    names = [
        path.relative_to("templates").as_posix() for path in Path("templates").rglob("*.html")
    ]
    for name in names:
        engine.get_template(name)
    assert "tables/rummy70/_result.html" in names
    assert "tables/golfo/_showdown.html" in names
    print(len(names), "templates, compiled again:", compiled)
    """
)


def test_a_new_server_process_has_its_urls_and_every_template_ready() -> None:
    printed = in_a_fresh_process(FRESH_PROCESS)
    assert printed.strip().endswith("compiled again: []"), printed


CONTEXT_AFTER_WARM_UP = textwrap.dedent(
    """
    import contextvars

    import cardroom.asgi
    from django.conf import settings
    from django.urls import reverse
    from django.utils import translation

    def locals_held():
        return sum(var.name == "asgiref.local" for var in contextvars.copy_context())

    def serve(language):
        translation.activate(language)
        reverse("table", kwargs={"table_id": 1})
        return locals_held()

    print("after warm-up:", locals_held())
    for language, _name in settings.LANGUAGES:
        print(language, contextvars.copy_context().run(serve, language))
    """
)


def test_a_new_server_process_carries_nothing_its_warm_up_set_into_its_tasks() -> None:
    """Every task of the process starts from its context, and asgiref copies each per-task
    value of Django's (``asgiref.local.Local``) it holds on every trip to a thread and back: the
    warm-up's URL resolvers' flags made a trip 45 µs dearer (``python -m bench.dispatch_hop``).
    Nor is a URL resolver loaded again for a language the warm-up skipped: serving a page in
    any language sets the active language and nothing else."""
    printed = in_a_fresh_process(CONTEXT_AFTER_WARM_UP)
    assert printed.split("\n")[:3] == ["after warm-up: 0", "es 1", "en 1"], printed
