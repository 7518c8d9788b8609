"""The sweep's mark: written by the worker after each sweep, read by ``/healthz``."""

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from sweeps.models import LastSweep

ROW = 1


def record_sweep(*, now: datetime | None = None) -> None:
    LastSweep.objects.update_or_create(pk=ROW, defaults={"finished_at": now or timezone.now()})


def last_sweep() -> datetime | None:
    return LastSweep.objects.filter(pk=ROW).values_list("finished_at", flat=True).first()


def worker_is_sweeping(*, now: datetime | None = None) -> bool:
    """Whether beat's sweep finished within the last few sweep periods
    (``CARDROOM_WORKER_STALE_SECONDS``): if not, the worker or its beat is down, and no turn clock
    runs out and no bot moves."""
    finished_at = last_sweep()
    if finished_at is None:
        return False
    stale = timedelta(seconds=settings.CARDROOM_WORKER_STALE_SECONDS)
    return (now or timezone.now()) - finished_at <= stale
