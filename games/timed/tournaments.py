"""What the clock drives in a tournament: its set start, its ante levels, the deal of its next
round. Each step is a service that checks the deadline in the tournament's row under its lock, so
a task that comes late, early or twice does nothing wrong."""

from datetime import datetime

from django.db.models import Q

from games.models import Tournament
from games.tables.tournament_rounds import deal_next_round, raise_ante, start_when_due


def act_on_tournament(*, tournament_id: int) -> bool:
    """Do whatever is due in the tournament now; ``True`` when something was done."""
    started = start_when_due(tournament_id=tournament_id)
    raised = raise_ante(tournament_id=tournament_id)
    dealt = deal_next_round(tournament_id=tournament_id)
    return started or raised or dealt


def due_tournaments(*, now: datetime) -> list[int]:
    """Tournaments with a deadline that has come: a set start, a level, a round to deal."""
    due = Q(status=Tournament.Status.REGISTERING, starts_at__lte=now) | Q(
        Q(next_level_at__lte=now) | Q(next_round_at__lte=now),
        status=Tournament.Status.PLAYING,
    )
    return list(Tournament.objects.filter(due).values_list("pk", flat=True))
