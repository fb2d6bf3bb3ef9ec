"""Deck API URLs (under /api/v1/)."""

from django.urls import path

from decklab.decks import apis

urlpatterns = [
    path("decks", apis.DeckListApi.as_view(), name="api-decks"),
    path("decks/<int:pk>", apis.DeckDetailApi.as_view(), name="api-deck"),
]
