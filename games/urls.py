from django.urls import include, path

from games import views
from games.health import healthz

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("tables/new/", views.table_new, name="table_new"),
    path("tables/<int:table_id>/", views.table_detail, name="table"),
    path("tables/<int:table_id>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path("tables/<int:table_id>/hands/<int:number>.json", views.hand_json, name="hand_export"),
    path("t/<str:token>/", views.table_invite, name="table_invite"),
    path("accounts/", include("games.accounts.urls")),
    path("healthz", healthz, name="healthz"),
]
