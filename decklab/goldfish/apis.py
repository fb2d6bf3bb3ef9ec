"""The simulation API: start a run (202 and its URL), read its status, progress and results."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import ErrorSerializer
from decklab.goldfish import selectors, services
from decklab.goldfish.serializers import (
    RefusalSerializer,
    SimulationRequestSerializer,
    SimulationRunSerializer,
)


@extend_schema_view(get=extend_schema(summary="Your simulation runs, newest first"))
class SimulationsApi(ListAPIView):
    """Your simulation runs, newest first; POST starts one in the workers."""

    permission_classes = [IsAuthenticated]
    throttle_scope = "simulations"
    serializer_class = SimulationRunSerializer

    def get_queryset(self):
        return selectors.runs_for_user(self.request.user)

    @extend_schema(
        summary="Start a goldfish simulation run",
        request=SimulationRequestSerializer,
        responses={
            202: SimulationRunSerializer,
            400: OpenApiResponse(
                ErrorSerializer, description="Bad deck, goals or trials (field errors by name)."
            ),
            429: OpenApiResponse(RefusalSerializer, description="Too many runs now or per hour."),
            503: OpenApiResponse(RefusalSerializer, description="The run queue is down."),
        },
    )
    def post(self, request: Request) -> Response:
        incoming = SimulationRequestSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        # A refusal (400, or 429 for load) is answered by `decklab.api.exception_handler`.
        run = services.simulation_request(user=request.user, **incoming.validated_data)
        body = SimulationRunSerializer(run, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


class SimulationApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="A simulation run: status, progress and results",
        responses={
            200: SimulationRunSerializer,
            404: OpenApiResponse(ErrorSerializer, description="No such run, or not yours."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        run = services.refreshed(selectors.run_for_user(request.user, pk))
        return Response(SimulationRunSerializer(run, context={"request": request}).data)
