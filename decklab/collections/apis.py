"""Collection API (`/api/v1/collections/…`): read and write one's own collection, and read the
owned/needed of a deck. Someone else's collection is a 404 with a sentence, never a 403."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.http import AuthenticatedRequest
from cards.serializers import ErrorSerializer
from decklab.collections import selectors, services
from decklab.collections.models import Collection
from decklab.collections.serializers import (
    CollectionSerializer,
    HoldingsSerializer,
    SetQuantitySerializer,
)
from decklab.decks import selectors as deck_selectors
from decklab.decks.workspace import Workspace

REFUSED = OpenApiResponse(
    ErrorSerializer, description="Bad quantity or unknown card; nothing changed."
)
NOT_FOUND = OpenApiResponse(ErrorSerializer, description="No such collection of yours.")


def _set(request: AuthenticatedRequest, collection: Collection) -> Response:
    shape = SetQuantitySerializer(data=request.data)
    shape.is_valid(raise_exception=True)
    try:
        services.collection_set_quantity(collection=collection, **shape.validated_data)
    except services.CollectionError as error:
        return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)
    return Response(CollectionSerializer(collection).data)


class CollectionApi(APIView):
    """Your collection of one game (made empty on first use)."""

    permission_classes = (IsAuthenticated,)

    def _collection(self, request: AuthenticatedRequest, game: str) -> Collection:
        try:
            return services.collection_get_or_create(owner=request.user, game=game)
        except services.CollectionError as error:
            raise selectors.CollectionNotFound(str(error)) from None

    @extend_schema(responses={200: CollectionSerializer, 404: NOT_FOUND}, summary="Your collection")
    def get(self, request: AuthenticatedRequest, game: str) -> Response:
        return Response(CollectionSerializer(self._collection(request, game)).data)

    @extend_schema(
        request=SetQuantitySerializer,
        responses={200: CollectionSerializer, 400: REFUSED, 404: NOT_FOUND},
        summary="Set a card's quantity in your collection",
    )
    def put(self, request: AuthenticatedRequest, game: str) -> Response:
        return _set(request, self._collection(request, game))


class CollectionByIdApi(APIView):
    """Your collection by id; another player's id is not found."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses={200: CollectionSerializer, 404: NOT_FOUND}, summary="A collection of yours"
    )
    def get(self, request: AuthenticatedRequest, pk: int) -> Response:
        return Response(CollectionSerializer(selectors.collection_by_id(request.user, pk)).data)

    @extend_schema(
        request=SetQuantitySerializer,
        responses={200: CollectionSerializer, 400: REFUSED, 404: NOT_FOUND},
        summary="Set a card's quantity in a collection of yours",
    )
    def put(self, request: AuthenticatedRequest, pk: int) -> Response:
        return _set(request, selectors.collection_by_id(request.user, pk))


class HoldingsApi(APIView):
    """Per card of a deck you may read: needed, owned (free), reserved, missing."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses={200: HoldingsSerializer, 404: OpenApiResponse(ErrorSerializer)},
        summary="Owned and needed of a deck",
    )
    def get(self, request: AuthenticatedRequest, code: str) -> Response:
        deck = deck_selectors.deck_by_code(request.user, code)
        zones = deck_selectors.zones_of(deck_selectors.current_version(deck))
        game_deck = Workspace(deck.game, deck.format, zones).game_deck
        found = selectors.holdings(request.user, deck.game, game_deck, deck)
        data = {
            "deck": deck.code,
            "built": found.built,
            "missing": found.missing,
            "lines": found.lines,
        }
        return Response(HoldingsSerializer(data).data)
