"""Collection API URLs (under /api/v1/)."""

from django.urls import path

from decklab.collections import apis

urlpatterns = [
    path("collections/id/<int:pk>", apis.CollectionByIdApi.as_view(), name="api-collection-by-id"),
    path("collections/holdings/<str:code>", apis.HoldingsApi.as_view(), name="api-holdings"),
    path("collections/<slug:game>", apis.CollectionApi.as_view(), name="api-collection"),
]
