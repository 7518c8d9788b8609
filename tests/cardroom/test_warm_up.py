"""A server process loads its URLs, templates and translations before its first connection
(``cardroom.warm_up``), so that the first hand end it shows, whose parts link to the hand's replay,
or the first Golfo showdown, does not load them in the middle of a player's move. Checked in a
fresh process, as daphne starts one."""

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

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
    result = subprocess.run(
        [sys.executable, "-c", FRESH_PROCESS],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith("compiled again: []"), result.stdout
