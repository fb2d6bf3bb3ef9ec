"""Event API (CONTRACT §7) under /api/v1/events. Each view reads the request, calls one service
or selector and maps the outcome: `EventError` → 400 with its reason, not the organiser → 403."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.http import AuthenticatedRequest
from cards.languages import request_language
from cards.serializers import ErrorSerializer
from decklab.decks import edits
from decklab.decks.models import Deck
from decklab.events import exports, rounds, selectors, services
from decklab.events.models import Event, Registration
from decklab.events.serializers import (
    DeckCheckResultSerializer,
    DeckCheckSerializer,
    EventCreateSerializer,
    EventSerializer,
    LockedListSerializer,
    RefusedListSerializer,
    RegistrationCreateSerializer,
    RegistrationResultSerializer,
    RegistrationRowSerializer,
    ResultSerializer,
    RoundSerializer,
    StandingSerializer,
    round_data,
    standing_row,
)

REFUSED = OpenApiResponse(ErrorSerializer, description="Refused: `detail` says why.")


def _refused(error: services.EventError) -> Response:
    return Response({"detail": str(error)}, status=status.HTTP_400_BAD_REQUEST)


def _organiser_acts(
    request: Request,
    pk: int,
    act: Callable[[Event], Any],
    answer: Callable[[Event], Any],
    code: int = 200,
) -> Response:
    """An organiser's action: `act(event)` (a service), then `answer(event)` as the body."""
    event = _organised(request, pk)
    try:
        act(event)
    except services.EventError as refused:
        return _refused(refused)
    return Response(answer(event), status=code)


def event_data(event: Event) -> dict[str, Any]:
    return EventSerializer(event).data


def _event(pk: int) -> Event:
    return services.event_lock_if_due(event=selectors.event_by_id(pk))


def _organised(request: Request, pk: int) -> Event:
    event = _event(pk)
    if not selectors.is_organiser(event, request.user):
        raise PermissionDenied("Only the event's organiser can do this.")
    return event


def _deck(request: AuthenticatedRequest, pk: int) -> Deck:
    deck = Deck.objects.filter(pk=pk, owner=request.user).first()
    if deck is None:
        raise NotFound("You have no deck with this id.")
    return deck


def _registration_answer(event: Event, registration: Registration, report: dict) -> dict:
    return {
        "player": registration.player.get_username(),
        "legal": report["legal"],
        "violations": report["violations"],
        "state": selectors.list_state(event, registration),
        "waiting": registration.waiting,
    }


def _list_arguments(request: AuthenticatedRequest) -> dict[str, Any]:
    form = RegistrationCreateSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    deck = _deck(request, data["deck"]) if "deck" in data else None
    return {"deck": deck, "decklist": data.get("decklist"), "lang": request_language(request)}


def _illegal(request: Request, refused: services.IllegalList) -> Response:
    body = {
        "detail": str(refused),
        "player": request.user.get_username(),
        "legal": False,
        "violations": refused.report["violations"],
    }
    return Response(body, status=status.HTTP_400_BAD_REQUEST)


class EventListApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=EventSerializer(many=True), summary="Events, newest first")
    def get(self, request: Request) -> Response:
        return Response([event_data(e) for e in selectors.events_listed()[:100]])

    @extend_schema(
        request=EventCreateSerializer,
        responses={201: EventSerializer, 400: REFUSED},
        summary="Create an event (you are its organiser)",
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        form = EventCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            event = services.event_create(organiser=request.user, **form.validated_data)
        except services.EventError as refused:
            return _refused(refused)
        return Response(event_data(event), status=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=EventSerializer, summary="One event")
    def get(self, request: Request, pk: int) -> Response:
        return Response(event_data(_event(pk)))


class RegistrationListApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        responses=RegistrationRowSerializer(many=True),
        summary="Every registration and its list state (organiser)",
    )
    def get(self, request: AuthenticatedRequest, pk: int) -> Response:
        event = _organised(request, pk)
        rows = [
            {
                "player": r.player.get_username(),
                "state": selectors.list_state(event, r),
                "waiting": r.waiting,
                "dropped": r.dropped,
                "hash": r.locked.hash if hasattr(r, "locked") else None,
            }
            for r in selectors.registrations(event)
        ]
        return Response(rows)

    @extend_schema(
        request=RegistrationCreateSerializer,
        responses={
            201: RegistrationResultSerializer,
            400: OpenApiResponse(RefusedListSerializer, description="Illegal list, or refused."),
        },
        summary="Register with one of your decks or a pasted list (legal lists only)",
    )
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        event = _event(pk)
        arguments = _list_arguments(request)
        try:
            registration, report = services.registration_create(
                event=event, player=request.user, **arguments
            )
        except services.IllegalList as refused:
            return _illegal(request, refused)
        except services.EventError as refused:
            return _refused(refused)
        body = _registration_answer(event, registration, report)
        return Response(body, status=status.HTTP_201_CREATED)


class MyRegistrationApi(APIView):
    permission_classes = (IsAuthenticated,)

    def _mine(self, request: AuthenticatedRequest, pk: int) -> tuple[Event, Registration]:
        event = _event(pk)
        registration = selectors.registration_of(event, request.user)
        if registration is None:
            raise NotFound("You are not registered for this event.")
        return event, registration

    @extend_schema(
        request=RegistrationCreateSerializer,
        responses={
            200: RegistrationResultSerializer,
            400: OpenApiResponse(RefusedListSerializer, description="Illegal list, or refused."),
        },
        summary="Replace your list before the lock",
    )
    def put(self, request: AuthenticatedRequest, pk: int) -> Response:
        event, registration = self._mine(request, pk)
        arguments = _list_arguments(request)
        try:
            report = services.registration_replace(registration=registration, **arguments)
        except services.IllegalList as refused:
            return _illegal(request, refused)
        except services.EventError as refused:
            return _refused(refused)
        return Response(_registration_answer(event, registration, report))

    @extend_schema(
        responses={204: None, 400: REFUSED},
        summary="Leave (before the lock) or drop (after it)",
    )
    def delete(self, request: AuthenticatedRequest, pk: int) -> Response:
        _, registration = self._mine(request, pk)
        try:
            services.registration_drop(registration=registration)
        except services.EventError as refused:
            return _refused(refused)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RegistrationDetailApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(
        responses=LockedListSerializer,
        summary="A player's list: the organiser always, others as the event's visibility says",
    )
    def get(self, request: Request, pk: int, username: str) -> Response:
        event = _event(pk)
        registration = selectors.registration_by_name(event, username)
        if not selectors.list_visible(event, registration, request.user):
            raise NotFound("This list is not visible to you.")
        return Response(exports.list_data(event, registration))


class RegistrationLockApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=None,
        responses={200: LockedListSerializer, 400: REFUSED},
        summary="Lock one player's list now (organiser)",
    )
    def post(self, request: AuthenticatedRequest, pk: int, username: str) -> Response:
        return _organiser_acts(
            request,
            pk,
            lambda e: services.registration_lock(
                registration=selectors.registration_by_name(e, username)
            ),
            lambda e: exports.list_data(e, selectors.registration_by_name(e, username)),
        )


class DeckCheckApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=DeckCheckSerializer,
        responses={200: DeckCheckResultSerializer, 400: REFUSED},
        summary="Deck check: a list compared with the player's locked list (organiser)",
    )
    def post(self, request: AuthenticatedRequest, pk: int, username: str) -> Response:
        event = _organised(request, pk)
        registration = selectors.registration_by_name(event, username)
        form = DeckCheckSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            locked, pasted = services.deck_check(
                registration=registration, decklist=form.validated_data["decklist"]
            )
        except services.EventError as refused:
            return _refused(refused)
        changes = edits.diff(locked, pasted)
        return Response({"player": username, "same": not changes, "differences": changes})


class LockApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=None,
        responses={200: EventSerializer, 400: REFUSED},
        summary="Lock every list (organiser)",
    )
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        return _organiser_acts(
            request,
            pk,
            lambda e: services.event_lock(event=e),
            lambda e: event_data(selectors.event_by_id(e.pk)),
        )


class RoundListApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=RoundSerializer(many=True), summary="Every round's pairings")
    def get(self, request: Request, pk: int) -> Response:
        return Response([round_data(r) for r in selectors.rounds(_event(pk))])

    @extend_schema(
        request=None,
        responses={201: RoundSerializer, 400: REFUSED},
        summary="Pair the next round: Swiss, then the top cut (organiser)",
    )
    def post(self, request: AuthenticatedRequest, pk: int) -> Response:
        return _organiser_acts(
            request,
            pk,
            lambda e: rounds.round_start(event=e),
            lambda e: round_data(e.rounds.last()),
            status.HTTP_201_CREATED,
        )


class RoundDetailApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=RoundSerializer, summary="One round's pairings and results")
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(round_data(selectors.round_of(_event(pk), number)))


class ResultApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        request=ResultSerializer,
        responses={200: RoundSerializer, 400: REFUSED},
        summary="Enter a table's result (organiser, or either player of the table)",
    )
    def post(self, request: AuthenticatedRequest, pk: int, number: int) -> Response:
        event = _event(pk)
        form = ResultSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        try:
            rounds.result_report(
                event=event,
                round_number=number,
                table_number=form.validated_data["table"],
                games=form.validated_data["games"],
                by=request.user,
            )
        except services.EventError as refused:
            return _refused(refused)
        return Response(round_data(selectors.round_of(event, number)))


class StandingsApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(responses=StandingSerializer(many=True), summary="Swiss standings")
    def get(self, request: Request, pk: int) -> Response:
        return Response([standing_row(row) for row in selectors.standings(_event(pk))])


class ExportApi(APIView):
    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(
        responses=OpenApiResponse(
            description="The event, rounds, standings, places and the lists you may see."
        ),
        summary="The whole event as JSON",
    )
    def get(self, request: Request, pk: int) -> Response:
        event = _event(pk)
        return Response({"event": event_data(event), **exports.event_export(event, request.user)})
