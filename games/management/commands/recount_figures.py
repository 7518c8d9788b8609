"""Rebuild every player's figures (games/tables/figures.py) from the stored hands and match
results."""

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from games.models import Hand, MatchResult, PlayerFigures
from games.tables.figures import recount


class Command(BaseCommand):
    help = "Count every player's figures per game again from the stored hands and match results."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            rows = recount(hands=Hand, results=MatchResult, figures=PlayerFigures)
        self.stdout.write(f"{rows} figures rows written.")
