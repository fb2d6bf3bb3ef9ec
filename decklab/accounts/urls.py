"""Accounts: Django's auth views (logout, password change) plus sign-in, reset, sign-up and profile
with attempt limits (`views`)."""

from django.urls import include, path

from decklab.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("password_reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path("profile/", views.profile, name="profile"),
    path("token/", views.token, name="api-token"),
    path("token/revoke/", views.revoke_tokens, name="api-token-revoke"),
    path("language/", views.set_language, name="set_language"),
    path("", include("django.contrib.auth.urls")),
]
