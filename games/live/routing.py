"""Websocket routes."""

from django.urls import path, re_path

from games.live.consumers import LobbyConsumer, TableConsumer, TournamentConsumer

# django-stubs types path() for views only; channels routes its consumers' ASGI apps through it.
websocket_urlpatterns = [
    path("ws/lobby/", LobbyConsumer.as_asgi()),  # type: ignore[arg-type]
    re_path(r"^ws/tables/(?P<table_id>[0-9]{1,18})/$", TableConsumer.as_asgi()),  # type: ignore[arg-type]
    re_path(
        r"^ws/tournaments/(?P<tournament_id>[0-9]{1,18})/$",
        TournamentConsumer.as_asgi(),  # type: ignore[arg-type]
    ),
]
