"""Settings of the bare relay (``bench/relay.py``): the site's channel layer and nothing else."""

from cardroom.settings import CHANNEL_LAYERS, SECRET_KEY

__all__ = ["CHANNEL_LAYERS", "SECRET_KEY"]

INSTALLED_APPS = ["channels"]
ALLOWED_HOSTS = ["127.0.0.1"]
USE_TZ = True
