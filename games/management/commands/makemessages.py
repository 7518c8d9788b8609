"""Django's ``makemessages`` that also collects the engine's ``N_()`` messages.

The engine marks its error templates with ``N_`` (see ``games.engine.errors``) because it must not
import Django. This command always hands ``--keyword=N_`` to xgettext, and accepts more
``--keyword=NAME`` options of its own, so ``makemessages --keyword=N_`` works as written too.
"""

from typing import Any

from django.core.management.base import CommandParser
from django.core.management.commands import makemessages

ENGINE_KEYWORD = "N_"


class Command(makemessages.Command):
    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--keyword",
            action="append",
            default=[],
            help="Another function name that marks translatable strings (xgettext --keyword).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        keywords = dict.fromkeys([ENGINE_KEYWORD, *options["keyword"]])
        self.xgettext_options = [
            *makemessages.Command.xgettext_options,
            *(f"--keyword={keyword}" for keyword in keywords),
        ]
        super().handle(*args, **options)
