from django.urls import include, path

urlpatterns = [
    path("accounts/", include("games.accounts.urls")),
]
