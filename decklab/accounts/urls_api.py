"""Account API URLs (under /api/v1/)."""

from django.urls import path

from decklab.accounts import apis

urlpatterns = [
    path("token", apis.TokenApi.as_view(), name="api-token-create"),
]
