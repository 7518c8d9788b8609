"""``manage.py check_wallet``: every chip balance recomputed from the ledger and compared, every
transfer and the whole ledger summed (docs/wallet.md); a non-zero exit when anything is off."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.tables.wallet import audit, issued


class Command(BaseCommand):
    help = "Recompute the chip balances from the ledger and check that they agree."

    def handle(self, *args: Any, **options: Any) -> None:
        problems = audit()
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in the chip ledger.")
        self.stdout.write(f"The chip ledger agrees: {issued()} chips issued.")
