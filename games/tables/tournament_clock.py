"""The tournament's deadlines (a set start, the next ante level, the next round), kept in its row;
the Celery task sent once a change commits is only the punctual way to act on them, and the
periodic sweep catches any that is lost (``games.timed.tournaments``)."""

import logging
from datetime import datetime

from django.utils import timezone

from cardroom.celery import app

TOURNAMENT_DUE = "games.tournament_due"
MARGIN_SECONDS = 0.1

logger = logging.getLogger(__name__)


def send_tournament_deadline(*, tournament_id: int, when: datetime) -> None:
    """Ask the worker to act on the tournament at ``when``."""
    countdown = max(0.0, (when - timezone.now()).total_seconds()) + MARGIN_SECONDS
    try:
        app.send_task(
            TOURNAMENT_DUE,
            kwargs={"tournament_id": tournament_id},
            countdown=countdown,
            retry=False,
        )
    except Exception:
        logger.warning(
            "Could not send the deadline of tournament %s; the sweep will act", tournament_id
        )
