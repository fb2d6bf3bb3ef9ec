"""Legality API URLs (under /api/v1/): validate, format matrix, deck codes."""

from django.urls import path

from cards import legality_api

urlpatterns = [
    path("games/<slug:game>/validate", legality_api.ValidateApi.as_view(), name="api-validate"),
    path("games/<slug:game>/matrix", legality_api.MatrixApi.as_view(), name="api-matrix"),
    path("deck-codes", legality_api.DeckCodesApi.as_view(), name="api-deck-codes"),
    path("deck-codes/<str:code>", legality_api.DeckCodeApi.as_view(), name="api-deck-code"),
]
