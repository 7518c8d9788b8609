"""Websocket routes."""

from django.urls import path, re_path

from games.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),
    re_path(r"^ws/tables/(?P<table_id>[0-9]{1,18})/$", TableConsumer.as_asgi()),
]
