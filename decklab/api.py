"""What every `/api/v1/` answer has in common: the error shape, its schema, and unknown paths.

Every error is JSON with a `detail` sentence (`cards.serializers.ErrorSerializer`): DRF's own errors
already are, `exception_handler` adds `detail` to a form's field errors, and `not_found` answers
addresses that match no endpoint. The domain's refusals become HTTP here, in one place (`_refusal`):
views let `DeckError`, `StaleDeck` and `SimulationRefused` rise. `AutoSchema` writes those errors
into the OpenAPI document for every operation they can happen on, so the schema lists every status
a client can get.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular import openapi
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import exceptions, status, views
from rest_framework.response import Response

from cards.games.registry import GAMES
from cards.languages import request_language
from cards.serializers import ErrorSerializer
from decklab.cache import UNAVAILABLE
from decklab.decks.models import Deck
from decklab.decks.serializers import deck_detail
from decklab.decks.services import DeckError, StaleDeck
from decklab.goldfish.services import SimulationRefused

#: A form's field errors are summed up in `detail` up to this many messages.
DETAIL_MESSAGES = 5

BODY_METHODS = {"POST", "PUT", "PATCH"}

#: Sent with a 429 by DRF's throttles: seconds until the next request is accepted.
RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    int,
    location=OpenApiParameter.HEADER,
    response=[429],
    description="Seconds to wait before the next request.",
)


#: Every `{game}` in a path is one of the games' slugs (an unknown one is a 404).
GAME = OpenApiParameter(
    "game", str, location=OpenApiParameter.PATH, enum=list(GAMES), description="The game's slug."
)


def _messages(detail: Any, field: str = "") -> list[str]:
    """Every message of a DRF error detail (nested dicts and lists), each named by its field."""
    if isinstance(detail, dict):
        return [
            message
            for key, value in detail.items()
            for message in _messages(value, key if key != "non_field_errors" else field)
        ]
    if isinstance(detail, list):
        return [message for item in detail for message in _messages(item, field)]
    return [f"{field}: {detail}" if field else str(detail)]


def _refusal(exc: Exception, context: dict) -> Response | None:
    """A refusal of the domain as its answer: a stale deck 409 with the deck as it is now
    (`current`), any other refused deck change 400, a refused simulation 429 when it is for load
    (retry later) and 400 otherwise; each with the refusal's sentence as `detail`."""
    if isinstance(exc, StaleDeck):
        deck = Deck.objects.get(pk=exc.current.deck_id)  # as saved by the change that won
        current = deck_detail(deck, request_language(context["request"]))
        return Response({"detail": str(exc), "current": current}, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, DeckError):
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, SimulationRefused):
        code = status.HTTP_429_TOO_MANY_REQUESTS if exc.retry_later else status.HTTP_400_BAD_REQUEST
        return Response({"detail": exc.message}, status=code)
    return None


def exception_handler(exc: Exception, context: dict) -> Response | None:
    """DRF's handler, but a form's errors also carry `detail`, the shape of every other error,
    and the domain's refusals are answered (`_refusal`).

    The field errors stay where DRF puts them (`{"goals": ["…"], "detail": "goals: …"}`), so
    clients that read them keep working; a list of errors becomes `{"detail": "…"}`.
    """
    if isinstance(exc, BACKEND_ERRORS):
        return _backend_unavailable(exc, context)
    refusal = _refusal(exc, context)
    if refusal is not None:
        return refusal
    response = views.exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.ValidationError):
        return response
    messages = _messages(response.data)
    summary = " ".join(messages[:DETAIL_MESSAGES]) or "The request is not valid."
    if isinstance(response.data, dict) and "detail" not in response.data:
        response.data = {"detail": summary, **response.data}
    elif not isinstance(response.data, dict):
        response.data = {"detail": summary}
    return response


#: A service behind the API is down (the database, the cache's Redis): a JSON 503 that says so,
#: never the HTML error page (issue 22, finding 2).
BACKEND_ERRORS = (OperationalError, InterfaceError, *UNAVAILABLE)

log = logging.getLogger("decklab.api")


def _backend_unavailable(exc: Exception, context: dict) -> Response:
    log.error("API backend unavailable at %s: %s", context["request"].path, exc)
    body = {"detail": "A service DeckLab needs is unavailable; try again in a minute."}
    return Response(body, status=503, headers={"Retry-After": "60"})


@csrf_exempt
def not_found(request: HttpRequest) -> JsonResponse:
    """An address under /api/v1/ that names no endpoint: a JSON 404 like the API's others."""
    return JsonResponse(
        {"detail": f"No API endpoint at {request.path}; the schema at /api/schema/ lists them."},
        status=404,
    )


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


class AutoSchema(openapi.AutoSchema):
    """drf-spectacular's schema with the errors that the framework itself can answer.

    An operation's own `@extend_schema(responses=…)` names its particular errors (a stale version,
    a bad query); this adds, where missing, the ones every view shares: a broken or refused body,
    credentials, an unknown id or page, and rate limits (429 with `Retry-After`).
    """

    def get_override_parameters(self) -> list:
        parameters = [*super().get_override_parameters(), RETRY_AFTER]
        if "{game}" in self.path:
            parameters.append(GAME)
        return parameters

    def get_auth(self) -> list:
        # A view that reads no credentials (the legality endpoints) has no security requirement
        # at all, rather than drf-spectacular's "optional" `[{}]` that generators read as "needs
        # a token".
        return super().get_auth() if self.view.get_authenticators() else []

    def _shared_errors(self) -> dict[str, OpenApiResponse]:
        errors = {}
        if self.method in BODY_METHODS:
            errors["400"] = _error("The body is not valid JSON or a field is wrong.")
        if self.view.get_authenticators():
            # Which of the two a bad or missing token gets depends on the first authentication
            # class (a session answers 403, a token 401): clients should treat both alike.
            errors["401"] = _error("The credentials are not valid.")
            errors["403"] = _error("Not signed in, credentials not valid, or not allowed.")
        if "{" in self.path or self._is_paginated():
            errors["404"] = _error("No such object, or no such page.")
        if self.method in BODY_METHODS:
            errors["413"] = _error("The body is larger than the site accepts.")
            errors["415"] = _error("The body is in a media type the operation does not read.")
        errors["429"] = _error("Too many requests: wait `Retry-After` seconds.")
        return errors

    def _is_paginated(self) -> bool:
        return self.method == "GET" and self._get_paginator() is not None and self._is_list_view()

    # drf-spectacular has no public hook for responses added to every operation; this private
    # method (pinned drf-spectacular) is where it builds them from `@extend_schema(responses=…)`.
    def _get_response_bodies(self, direction="response") -> dict:
        responses = super()._get_response_bodies(direction)
        for code, response in self._shared_errors().items():
            if code not in responses:
                responses[code] = self._get_response_for_code(response, code, direction=direction)
        return dict(sorted(responses.items()))
