"""`POST /api/v1/token`: a script trades a username and password for an API token.

The same attempt limits as the sign-in page (per account and per address), and its own throttle
scope; the token is shown in this answer only (DeckLab keeps its hash).
"""

from __future__ import annotations

from django.contrib.auth import authenticate
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, Throttled
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.serializers import ErrorSerializer
from decklab.accounts import limits
from decklab.accounts.tokens import new_token


class LimitsUnavailable(APIException):
    """The sign-in limits cannot be read (the cache's Redis is down): refused on purpose."""

    status_code = status.HTTP_503_SERVICE_UNAVAILABLE


class TokenRequest(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, style={"input_type": "password"})


class TokenOut(serializers.Serializer):
    token = serializers.CharField(help_text="Send as `Authorization: Token <token>`; shown once.")
    expiry = serializers.DateTimeField()


class TokenApi(APIView):
    authentication_classes: list = []
    permission_classes = (AllowAny,)
    throttle_scope = "token"

    @extend_schema(
        request=TokenRequest,
        responses={
            201: TokenOut,
            400: OpenApiResponse(ErrorSerializer, description="Wrong username or password"),
            503: OpenApiResponse(ErrorSerializer, description="Sign-in limits unavailable"),
        },
        summary="Create an API token from a username and password",
    )
    def post(self, request: Request) -> Response:
        form = TokenRequest(data=request.data)
        form.is_valid(raise_exception=True)
        checks = limits.login_checks(form.validated_data["username"], request)
        try:
            wait = limits.retry_after(*checks)
            if wait:
                raise Throttled(wait=wait, detail=limits.wait_message(wait))
            user = authenticate(request._request, **form.validated_data)
            if user is None:
                limits.hit(*checks)
        except limits.Unavailable as error:
            raise LimitsUnavailable(str(error.message)) from None
        if user is None:
            return Response(
                {"detail": _("Wrong username or password.")}, status=status.HTTP_400_BAD_REQUEST
            )
        instance, token = new_token(user)
        return Response(
            TokenOut({"token": token, "expiry": instance.expiry}).data,
            status=status.HTTP_201_CREATED,
        )
