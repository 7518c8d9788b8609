"""Django's ``makemessages`` that also collects the engine's ``N_()`` messages.

The engine marks its error templates with ``N_`` (see ``games.engine.errors``) because it must not
import Django; this command hands ``--keyword=N_`` to xgettext so those strings land in the
catalogues too.
"""

from django.core.management.commands import makemessages


class Command(makemessages.Command):
    xgettext_options = [*makemessages.Command.xgettext_options, "--keyword=N_"]
