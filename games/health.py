"""``GET /healthz``: does the database answer, does the channel layer carry a message?"""

import asyncio
import logging

from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

logger = logging.getLogger(__name__)

CHECK_TIMEOUT_SECONDS = 3.0


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except Exception:
        logger.exception("Health check: the database did not answer.")
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
    healthy = database and channel_layer
    return JsonResponse(
        {
            "status": "ok" if healthy else "error",
            "database": "ok" if database else "error",
            "channel_layer": "ok" if channel_layer else "error",
        },
        status=200 if healthy else 503,
    )
