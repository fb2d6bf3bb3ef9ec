"""Accounts: Django's auth views (login, logout, password change and reset) plus sign-up and profile."""

from django.urls import include, path

from decklab.accounts import views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile, name="profile"),
    path("token/", views.token, name="api-token"),
    path("language/", views.set_language, name="set_language"),
    path("", include("django.contrib.auth.urls")),
]
