"""``python manage.py recompute_ratings``: rate every finished match again from its recorded
results, in the order the matches finished (docs/ratings.md, "Recomputing")."""

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from games.accounts.ratings import recompute_ratings


class Command(BaseCommand):
    help = "Rate every finished match again from its recorded places, oldest first."

    def handle(self, *args: Any, **options: Any) -> None:
        with transaction.atomic():
            rated = recompute_ratings()
        self.stdout.write(f"Rated {rated} matches again.")
