from django.contrib.auth import views as auth_views
from django.urls import path

from games.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/", views.PasswordChangeView.as_view(), name="password_change"),
    path("profile/", views.profile, name="profile"),
    path("profile/name/", views.rename, name="rename"),
    path("players/<int:user_id>/", views.player_profile, name="player_profile"),
    path("guest/", views.guest, name="guest"),
    path("claim/", views.claim, name="claim"),
    path("top-up/", views.top_up, name="top_up"),
]
