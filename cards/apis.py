"""Read API of games and cards: `/api/v1/games`, `/api/v1/games/<slug>/cards?q=…`, one card."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards import search
from cards.games.query import QueryError
from cards.games.registry import all_games
from cards.paging import CappedPaginator
from cards.selectors import card_as_printed_or_404, game_or_404
from cards.serializers import CardSerializer, GameSerializer, QueryErrorSerializer


class GameListApi(APIView):
    """The five games with their zones, formats and search fields."""

    permission_classes = (AllowAny,)

    @extend_schema(summary="The games DeckLab knows", responses=GameSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(GameSerializer(all_games(), many=True, context={"request": request}).data)


class GameDetailApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(
        summary="A game: its zones, formats, card columns and search fields",
        responses=GameSerializer,
    )
    def get(self, request: Request, game: str) -> Response:
        the_game = game_or_404(game)
        return Response(GameSerializer(the_game, context={"request": request}).data)


class CappedPagination(PageNumberPagination):
    """Pages whose `count` stops at a cap (`CappedPaginator`, as the card pages count): then
    `count_capped` is true and `count` is a lower bound; `next` still leads on page by page."""

    def paginate_queryset(self, queryset, request, view=None):
        number = request.query_params.get(self.page_query_param)
        order = getattr(view, "page_order", None)

        def paginator(cards, per_page):
            return CappedPaginator(cards, per_page, page=number, order=order)

        self.django_paginator_class = paginator
        return super().paginate_queryset(queryset, request, view)

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["count_capped"] = self.page.paginator.capped
        response.data["page_cut_short"] = self.page.paginator.cut_short
        return response

    def get_paginated_response_schema(self, schema):
        answer = super().get_paginated_response_schema(schema)
        answer["properties"]["count_capped"] = {
            "type": "boolean",
            "description": "true when `count` is a lower bound: there are more matches",
        }
        answer["properties"]["page_cut_short"] = {
            "type": "boolean",
            "description": (
                "true when this page holds fewer results than it would: it was looked for among"
                " the first 30,720 cards of the order only (docs/limits.md); narrow the search"
            ),
        }
        answer["required"] += ["count_capped", "page_cut_short"]
        return answer


class CardListApi(generics.ListAPIView):
    """A game's cards, searched with the query language of the card pages, paginated."""

    permission_classes = (AllowAny,)
    serializer_class = CardSerializer
    pagination_class = CappedPagination

    @extend_schema(
        summary="Search a game's cards",
        parameters=[
            OpenApiParameter("q", str, description="a query, e.g. `color:red type:battle cost<=2`"),
            OpenApiParameter("sort", str, enum=list(search.SORTS), description="default: number"),
            OpenApiParameter("dir", str, enum=["asc", "desc"]),
        ],
        responses={200: CardSerializer(many=True), 400: QueryErrorSerializer},
    )
    def get(self, request: Request, *args, **kwargs) -> Response:
        try:
            return super().get(request, *args, **kwargs)
        except QueryError as error:
            body = {"detail": search.error_message(error), "position": error.position}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)

    def get_queryset(self):
        game = self.kwargs["game"]
        game_or_404(game)
        params = self.request.query_params
        sort = params.get("sort", "number")
        descending = params.get("dir") == "desc"
        cards = search.search(game, params.get("q", "").strip())
        self.page_order = search.page_order(game, sort, descending)
        return search.ordered(cards, sort, descending)


class CardDetailApi(APIView):
    permission_classes = (AllowAny,)

    @extend_schema(summary="A card by its number", responses=CardSerializer)
    def get(self, request: Request, game: str, number: str) -> Response:
        # A number as printed answers its card; the API never redirects (CONTRACT §6), the
        # answer's `number` is the stored one.
        card = card_as_printed_or_404(game, number)
        return Response(CardSerializer(card, context={"request": request}).data)
