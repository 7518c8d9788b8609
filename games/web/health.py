"""``GET /healthz``: does the database answer, does the channel layer carry a message, has the
Celery worker's beat swept lately (``sweeps.records``)?"""

import asyncio
import logging

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from sweeps.records import worker_is_sweeping

logger = logging.getLogger(__name__)

CHECK_TIMEOUT_SECONDS = 3.0


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            row: tuple[object, ...] | None = cursor.fetchone()
            return row == (1,)
    except Exception:
        logger.exception("Health check: the database did not answer.")
        return False


def _worker_sweeps() -> bool:
    try:
        if worker_is_sweeping():
            return True
    except Exception:
        logger.exception("Health check: the sweep's time could not be read.")
        return False
    logger.error("Health check: the Celery worker's beat has not swept lately.")
    return False


async def _channel_layer_answers() -> bool:
    """Send a message to a fresh channel and read it back."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async with asyncio.timeout(CHECK_TIMEOUT_SECONDS):
            channel = await layer.new_channel()
            await layer.send(channel, {"type": "health.ping"})
            message = await layer.receive(channel)
    except Exception:
        logger.exception("Health check: the channel layer did not answer.")
        return False
    return message.get("type") == "health.ping"


@never_cache
@require_GET
async def healthz(request: HttpRequest) -> JsonResponse:
    database = await sync_to_async(_database_answers)()
    channel_layer = await _channel_layer_answers()
    worker = database and await sync_to_async(_worker_sweeps)()
    healthy = database and channel_layer and worker
    return JsonResponse(
        {
            "status": "ok" if healthy else "error",
            "database": "ok" if database else "error",
            "channel_layer": "ok" if channel_layer else "error",
            "worker": "ok" if worker else "error",
        },
        status=200 if healthy else 503,
    )
