from django.urls import include, path, re_path

from games.kinds.registry import GAMES
from games.web import tournaments, views
from games.web.health import healthz

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.table_new, name="table_new"),
    path("play/<slug:game>/", views.play_now_view, name="play_now"),
    path("tables/<int:table_id>/", views.table_detail, name="table"),
    path("tables/<int:table_id>/hands/", views.hand_list, name="hand_list"),
    path("tables/<int:table_id>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path("tables/<int:table_id>/hands/<int:number>.json", views.hand_json, name="hand_export"),
    path("tournaments/new/", tournaments.tournament_new, name="tournament_new"),
    path("tournaments/<int:tournament_id>/", tournaments.tournament_detail, name="tournament"),
    *(
        path(f"tournaments/<int:tournament_id>/{action}/", view, name=f"tournament_{name}")
        for action, name, view in (
            ("register", "register", tournaments.tournament_register),
            ("unregister", "unregister", tournaments.tournament_unregister),
            ("bots", "add_bots", tournaments.tournament_add_bots),
            ("start", "start", tournaments.tournament_start),
            ("cancel", "cancel", tournaments.tournament_cancel),
        )
    ),
    re_path(
        r"^tournaments/invite/(?P<token>[A-Za-z0-9_-]{1,64})/$",
        tournaments.tournament_invite,
        name="tournament_invite",
    ),
    re_path(r"^t/(?P<token>[A-Za-z0-9_-]{1,64})/$", views.table_invite, name="table_invite"),
    *(
        path(f"reglas/{game}/", views.rules_page, {"game": game}, name=f"rules_{game}")
        for game in GAMES
    ),
    path("accounts/", include("games.accounts.urls")),
    path("healthz", healthz, name="healthz"),
]
