"""``manage.py export_hand TABLE NUMBER``: a finished hand's seed and action log as JSON, for a
maintainer who must rebuild it with ``engine.replay``. It holds every hidden card of the match,
so it is printed here and served by no page (players get ``hand_export``, their own view)."""

import json
from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.models import Hand
from games.tables.history import full_hand_export


class Command(BaseCommand):
    help = "Print a finished hand's seed and action log as JSON (every card, for maintainers)."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("table", type=int)
        parser.add_argument("number", type=int)

    def handle(self, *args: Any, **options: Any) -> None:
        hand = (
            Hand.objects.select_related("game")
            .filter(table_id=options["table"], number=options["number"])
            .first()
        )
        if hand is None:
            raise CommandError("No such hand.")
        self.stdout.write(json.dumps(full_hand_export(hand), indent=2))
