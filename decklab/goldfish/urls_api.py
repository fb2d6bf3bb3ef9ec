"""API URLs of simulation runs (under /api/v1/)."""

from django.urls import path

from decklab.goldfish import apis

app_name = "goldfish_api"

urlpatterns = [
    path("simulations", apis.SimulationsApi.as_view(), name="simulations"),
    path("simulations/<int:pk>", apis.SimulationApi.as_view(), name="simulation"),
]
