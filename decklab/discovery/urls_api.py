"""Discovery API URLs (under /api/v1/)."""

from django.urls import path

from decklab.discovery import apis

urlpatterns = [
    path("games/<slug:game>/decks", apis.DeckSearchApi.as_view(), name="api-deck-search"),
    path("games/<slug:game>/meta", apis.MetaApi.as_view(), name="api-meta"),
    path("games/<slug:game>/card-stats", apis.CardStatsApi.as_view(), name="api-card-stats"),
]
