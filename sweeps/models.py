from django.db import models


class LastSweep(models.Model):
    """One row: when the worker last finished the sweep beat asks for every few seconds. A daphne
    process cannot see the worker, but it can see this time go stale."""

    finished_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"last sweep at {self.finished_at:%Y-%m-%d %H:%M:%S}"
