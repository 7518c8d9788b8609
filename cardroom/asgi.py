"""ASGI entry point: HTTP through Django, websockets through Channels with session auth and an
origin check against ALLOWED_HOSTS. A websocket path no route matches is refused at the handshake
(403), not answered with a server error. The process loads its URLs, templates and translations
before it serves (``cardroom.warm_up``), then freezes them out of the garbage collector's reach and
lets its young objects die before a collection (``cardroom.collector``)."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardroom.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import (  # noqa: E402
    AllowedHostsOriginValidator,
    WebsocketDenier,
)
from django.urls import re_path  # noqa: E402

from cardroom.collector import settle_collector  # noqa: E402
from cardroom.warm_up import warm_up  # noqa: E402
from games.live.routing import websocket_urlpatterns  # noqa: E402

warm_up()
settle_collector()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(
                # django-stubs types re_path() and its patterns for views only (games.live.routing).
                URLRouter([*websocket_urlpatterns, re_path(r"", WebsocketDenier.as_asgi())])  # type: ignore[list-item,arg-type]
            )
        ),
    }
)
