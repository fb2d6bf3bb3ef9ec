"""Discovery API (`/api/v1/games/<game>/…`): the public deck search, the meta and a card's
statistics, each with date parameters. Anyone may read them; only public decks are counted."""

from __future__ import annotations

from datetime import date, timedelta
from typing import cast

from django.utils import timezone
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import search as card_search
from cards.apis import CappedPagination
from cards.games.query import QueryError
from cards.legality_api import DeckFormatNegotiation
from cards.selectors import game_or_404
from cards.serializers import ErrorSerializer, QueryErrorSerializer
from decklab.discovery import search, stats
from decklab.discovery.forms import SORT_CHOICES, DeckSearchForm
from decklab.discovery.serializers import CardStatsSerializer, DeckRowSerializer, MetaSerializer

DATES = [
    OpenApiParameter("since", date, description="first date (YYYY-MM-DD) of the period"),
    OpenApiParameter("until", date, description="last date (YYYY-MM-DD) of the period, included"),
]
SEARCH = [
    OpenApiParameter("format", str),
    OpenApiParameter("archetype", str, description="the game's natural key (a leader's number …)"),
    OpenApiParameter("colour", str),
    OpenApiParameter("card", str, description="holding any card of this card query"),
    OpenApiParameter("all", str, description="card queries separated by commas: holding each"),
    OpenApiParameter("none", str, description="holding no card of this card query"),
    OpenApiParameter("author", str),
    OpenApiParameter("tag", str),
    *DATES,
    OpenApiParameter("legal", bool, description="legal in its format now"),
    OpenApiParameter(
        "legal_at",
        date,
        description="legal by its format as it stood at this date (YYYY-MM-DD); for a game whose "
        "data carries no dates, today's rules, and `notes` says so",
    ),
    OpenApiParameter("placed", int, description="placed this high or better in an event"),
    OpenApiParameter("sort", str, enum=[value for value, _label in SORT_CHOICES]),
]


class Period(serializers.Serializer):
    """The period of a statistic: `since`/`until`, or the last `period` days (default 30)."""

    format = serializers.CharField(required=False, default="")
    period = serializers.ChoiceField(choices=[7, 30, 90], required=False, default=30)
    since = serializers.DateField(required=False)
    until = serializers.DateField(required=False)

    def window(self) -> stats.Window:
        data = self.validated_data
        now = stats.quantised(timezone.now())
        end = search.day_start(data["until"] + timedelta(days=1)) if "until" in data else now
        start = (
            search.day_start(data["since"])
            if "since" in data
            else end - timedelta(days=data["period"])
        )
        if start >= end:
            raise serializers.ValidationError({"since": "since must come before until"})
        return stats.Window(start, end)


def _period(request: Request, game: str) -> tuple[str, stats.Window]:
    found = Period(data=request.query_params)
    found.is_valid(raise_exception=True)
    slugs = [f.slug for f in game_or_404(game).formats]
    format_slug = found.validated_data["format"] or slugs[0]
    if format_slug not in slugs:
        raise serializers.ValidationError({"format": f"unknown format (known: {', '.join(slugs)})"})
    return format_slug, found.window()


class NotedPagination(CappedPagination):
    """The page envelope with `notes`: what the reader must know about the whole answer, in the
    request's language (`search.search_notes`; set by the view before the page is answered)."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: list[str] = []

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["notes"] = self.notes
        return response

    def get_paginated_response_schema(self, schema):
        answer = super().get_paginated_response_schema(schema)
        answer["properties"]["notes"] = {
            "type": "array",
            "items": {"type": "string"},
            "description": (
                "what to know about the answer, e.g. that `legal_at` was answered by today's"
                " rules (the game's data carries no dates); empty when there is nothing to say"
            ),
        }
        answer["required"] += ["notes"]
        return answer


class DeckSearchApi(generics.ListAPIView):
    """Public decks of a game, with every filter of the public decks page."""

    permission_classes = (AllowAny,)
    content_negotiation_class = DeckFormatNegotiation  # `?format=` is the deck format
    serializer_class = DeckRowSerializer
    pagination_class = NotedPagination

    @extend_schema(
        parameters=SEARCH,
        responses={200: DeckRowSerializer(many=True), 400: QueryErrorSerializer},
        summary="Search public decks",
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        try:
            return super().get(request, *args, **kwargs)
        except QueryError as error:
            body = {"detail": card_search.error_message(error), "position": error.position}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)

    def get_queryset(self):
        game = game_or_404(self.kwargs["game"])
        filters = DeckSearchForm(self.request.query_params, game=game).filters()
        cast(NotedPagination, self.paginator).notes = search.search_notes(
            game=game, filters=filters
        )
        return search.deck_search(filters=filters, user=self.request.user)


class MetaApi(APIView):
    permission_classes = (AllowAny,)
    content_negotiation_class = DeckFormatNegotiation  # `?format=` is the deck format

    @extend_schema(
        parameters=[
            OpenApiParameter("format", str),
            OpenApiParameter("period", int, enum=[7, 30, 90]),
            *DATES,
        ],
        responses={200: MetaSerializer, 400: ErrorSerializer},
        summary="The meta of a game and format over a period",
    )
    def get(self, request: Request, game: str) -> Response:
        format_slug, window = _period(request, game)
        found = stats.meta_cached(game=game, format=format_slug, window=window, now=window.end)
        return Response(
            MetaSerializer(
                {
                    "game": game,
                    "format": format_slug,
                    "since": window.start,
                    "until": window.end,
                    "decks": found.total,
                    "archetypes": found.shares,
                    "trends": [
                        {
                            "label": t.label,
                            "weeks": found.weeks,
                            "shares": [b.share for b in t.bars],
                        }
                        for t in found.trends
                    ],
                    "cards": found.cards,
                    "event_weight": found.event_lists,
                    "event_archetypes": found.event_shares,
                }
            ).data
        )


class CardStatsApi(APIView):
    permission_classes = (AllowAny,)
    content_negotiation_class = DeckFormatNegotiation  # `?format=` is the deck format

    @extend_schema(
        parameters=[
            OpenApiParameter("number", str, required=True, description="the card's number"),
            OpenApiParameter("format", str),
            OpenApiParameter("period", int, enum=[7, 30, 90]),
            *DATES,
        ],
        responses={200: CardStatsSerializer, 400: ErrorSerializer},
        summary="How public decks use a card over a period",
    )
    def get(self, request: Request, game: str) -> Response:
        format_slug, window = _period(request, game)
        number = request.query_params.get("number", "")
        if not number:
            raise serializers.ValidationError({"number": "required"})
        found = stats.card_stats(game=game, number=number, format=format_slug, window=window)
        return Response(
            CardStatsSerializer(
                {
                    "game": game,
                    "number": number,
                    "format": format_slug,
                    "since": window.start,
                    "until": window.end,
                    "decks": found.decks,
                    "top": found.top,
                    "period_decks": found.window_decks,
                    "including": found.including,
                    "rate": found.rate,
                    "average_copies": found.average_copies,
                }
            ).data
        )
