"""Card API under /api/v1/ (see `cards.apis`)."""

from django.urls import path

from cards import apis

urlpatterns = [
    path("games", apis.GameListApi.as_view(), name="api-games"),
    path("games/<slug:game>", apis.GameDetailApi.as_view(), name="api-game"),
    path("games/<slug:game>/cards", apis.CardListApi.as_view(), name="api-cards"),
    # Gundam War numbers hold a `/` (`青/CH-1`), hence `path:`.
    path("games/<slug:game>/cards/<path:number>", apis.CardDetailApi.as_view(), name="api-card"),
]
