"""Settings of the bare relay (``bench/relay.py``): the site's channel layer and nothing else. With
Redis it is ``channels_redis``'s own layer, as the site's is configured, not the site's one-trip
``group_send`` (``cardroom/redis_layer.py``): the relay stays bare Channels, the baseline the
issue measures against."""

from cardroom.settings import CHANNEL_LAYERS as SITE_CHANNEL_LAYERS
from cardroom.settings import REDIS_URL, SECRET_KEY

__all__ = ["CHANNEL_LAYERS", "SECRET_KEY"]

CHANNEL_LAYERS = (
    {
        "default": {
            **SITE_CHANNEL_LAYERS["default"],
            "BACKEND": "channels_redis.core.RedisChannelLayer",
        }
    }
    if REDIS_URL
    else SITE_CHANNEL_LAYERS
)

INSTALLED_APPS = ["channels"]
ALLOWED_HOSTS = ["127.0.0.1"]
USE_TZ = True
