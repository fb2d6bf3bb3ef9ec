"""Deck API (`/api/v1/decks`): list, create, read, update with the version check, delete.

Session or token authentication. By id, a stranger's private or unlisted deck is a 404 on every
method (an unlisted deck is reached only through its code); another user's public deck can be read
but not changed (404 as well, for one rule everywhere).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import get_language, gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.decklists import decklist_load, decklist_read
from cards.games.messages import choose_language
from cards.games.registry import UnknownGame, get_game
from cards.http import AuthenticatedRequest
from cards.languages import request_language, translated
from cards.serializers import ErrorSerializer
from decklab.decks import notes, selectors, services
from decklab.decks.models import DeckVersion
from decklab.decks.preview import intake_preview
from decklab.decks.serializers import (
    ConflictSerializer,
    DeckCreateSerializer,
    DeckSerializer,
    DeckSummarySerializer,
    DeckUpdateSerializer,
    deck_detail,
)


def _zones_of(game: str, data: dict) -> dict | None:
    """The cards of a create/update request; a decklist with unreadable lines is refused whole."""
    if "decklist" not in data:
        return data.get("zones")
    try:
        deck, problems = decklist_load(game=game, text=data["decklist"])
    except UnknownGame as error:
        raise services.DeckError(translated(error.text)) from None
    if problems:
        lang = choose_language(get_language())
        raise services.DeckError(
            gettext("The decklist has lines that cannot be read: %(problems)s")
            % {"problems": " ".join(problem.message(lang) for problem in problems[:20])}
        )
    return deck.quantities()


def _read_back(game: str, text: str, lang: str) -> dict:
    """`?dry_run=1`: what the decklist reads as, line by line, with nothing saved."""
    try:
        found = decklist_read(game=game, text=text)
    except UnknownGame as error:
        raise services.DeckError(translated(error.text)) from None
    return {
        "game": game,
        "source_format": found.source_format,
        "counts": get_game(game).zone_counts(found.deck),
        "zones": found.deck.quantities(),
        **intake_preview(game=game, found=found, lang=lang),
    }


class DeckListApi(APIView):
    permission_classes = (IsAuthenticated,)
    # Also read by the schema, which then documents the page envelope (`count`, `results`…).
    pagination_class = PageNumberPagination

    @extend_schema(responses=DeckSummarySerializer(many=True), summary="Your decks")
    def get(self, request: AuthenticatedRequest) -> Response:
        current = DeckVersion.objects.filter(deck=OuterRef("pk"), number=OuterRef("version"))
        decks = (
            selectors.decks_of(request.user)
            .select_related("owner")
            .annotate(zones=Subquery(current.values("zones")[:1]))
        )
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(decks, request, view=self)
        return paginator.get_paginated_response(DeckSummarySerializer(page, many=True).data)

    @extend_schema(
        request=DeckCreateSerializer,
        responses={
            201: DeckSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Bad deck, or unreadable lines."),
        },
        summary="Create a deck",
        description="With `?dry_run=1` and a `decklist`, nothing is saved: the answer (200) is "
        "what the decklist reads as, each written line with its card, note or problem "
        "(docs/decklists.md).",
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        form = DeckCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        if request.query_params.get("dry_run") == "1" and "decklist" in data:
            return Response(_read_back(data["game"], data["decklist"], request_language(request)))
        deck = services.deck_create(
            owner=request.user,
            game=data["game"],
            name=data["name"],
            format=data.get("format") or None,
            visibility=data["visibility"],
            zones=_zones_of(data["game"], data),
        )
        return Response(
            deck_detail(deck, request_language(request)), status=status.HTTP_201_CREATED
        )


class DeckDetailApi(APIView):
    # A public deck reads without an account (other sites show it, docs/api.md "From other sites");
    # changes need its owner.
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=DeckSerializer, summary="One deck (yours, or a public one)")
    def get(self, request: Request, pk: int) -> Response:
        deck = selectors.deck_by_id(request.user, pk)
        return Response(deck_detail(deck, request_language(request)))

    @extend_schema(
        request=DeckUpdateSerializer,
        responses={
            200: DeckSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Bad change"),
            409: OpenApiResponse(ConflictSerializer, description="A stale version."),
        },
        summary="Change a deck (cards with the version they are based on are checked)",
    )
    def patch(self, request: AuthenticatedRequest, pk: int) -> Response:
        deck = selectors.deck_for_owner(request.user, pk)
        form = DeckUpdateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        # One transaction: a refused part (an unknown format) leaves the cards unsaved too. A
        # refusal (a stale version: 409) is answered by `decklab.api.exception_handler`.
        with transaction.atomic():
            zones = _zones_of(deck.game, data)
            if zones is not None:
                services.deck_save(
                    deck=deck,
                    zones=zones,
                    expected_version=data.get("version"),
                    expected_revision=data.get("revision"),
                    note=notes.FROM_API,
                )
            if {"name", "format", "visibility"} & set(data):
                services.deck_update(
                    deck=deck,
                    name=data.get("name"),
                    format=data.get("format"),
                    visibility=data.get("visibility"),
                )
        return Response(deck_detail(deck, request_language(request)))

    @extend_schema(
        request=DeckUpdateSerializer,
        responses={
            200: DeckSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Bad change"),
            409: OpenApiResponse(ConflictSerializer, description="A stale version."),
        },
        summary="Change a deck (same as PATCH)",
    )
    def put(self, request: AuthenticatedRequest, pk: int) -> Response:
        return self.patch(request, pk)

    @extend_schema(responses={204: None}, summary="Delete a deck and its history")
    def delete(self, request: AuthenticatedRequest, pk: int) -> Response:
        services.deck_delete(deck=selectors.deck_for_owner(request.user, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)
