"""What a server process loads before it takes its first connection, rather than in the middle of
a player's move.

Django loads the URL configuration (and with it every view module) on the first ``reverse``, and
compiles a template on its first use. A daphne process that serves only a table's sockets reached
both at the first hand end it showed, whose parts link to the hand's replay: measured at 10
tables, that move took 208 ms against a median of 12, and the other tables' moves waited behind
it (docs/performance.md, ninth pass). A Golfo showdown or a tournament's panel compiled their
templates in the middle of a hand the same way. Loading them at start-up takes about 0.3 s; with
2,000 sockets on two processes their memory was 5-8 MB a process higher with it (ninth pass).

It runs in a context of its own. Django keeps some state per task in asgiref's ``Local`` (the
active language, a flag of each URL resolver while it loads), whose values live in the context;
every task of the process starts from a copy of the context the process started in, and asgiref
copies every such value on each trip to a thread and back (``sync_to_async``). Left in the
process's context, the warm-up's 19 values (18 resolvers' flags, the language) made every trip
45 µs dearer, and left as many new objects in each task that made one, for the garbage collector
to walk (docs/performance.md, twentieth pass). Each language's URLs are loaded here too: a
language loaded later sets those flags in the task that first asks for it."""

import contextvars
from pathlib import Path

from django.conf import settings
from django.template import Engine
from django.urls import reverse
from django.utils import translation


def warm_up() -> None:
    """Load the URL configuration in each language, compile every template of the project's own
    folders and load each language's translations, in a context of its own."""
    contextvars.copy_context().run(_load)


def _load() -> None:
    engine = Engine.get_default()
    for folder in map(Path, engine.dirs):
        for template in sorted(folder.rglob("*.html")):
            engine.get_template(template.relative_to(folder).as_posix())
    for language, _name in settings.LANGUAGES:
        with translation.override(language):
            reverse("lobby")
            translation.gettext("Spanish")
