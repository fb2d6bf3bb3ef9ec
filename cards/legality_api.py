"""The legality API: validate a decklist, its legality in every format, and deck codes.

Views stay thin: they read the decklist (a `text/plain` body or JSON), pick the language from
`?lang=` or `Accept-Language`, and hand over to `cards.validation`, which the command line uses
too. The endpoints are public and stateless (no session, no CSRF), so any script can call them.
"""

from __future__ import annotations

from datetime import date
from types import SimpleNamespace
from typing import Any

from django.urls import NoReverseMatch, reverse
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cards.decklists import DecklistTooLarge, decklist_check_size, decklist_limit, decklist_load
from cards.games import deckcode, decklist
from cards.games.game import UnknownFormat
from cards.games.registry import UnknownGame, get_game
from cards.games.text import whole_number
from cards.languages import request_language, translated
from cards.parsers import JSONParser
from cards.rule_links import linked
from cards.serializers import ErrorSerializer
from cards.validation import format_matrix, quantities_text, validate

#: JSON wraps the decklist in a little more text than the list itself.
MAX_BODY_BYTES = decklist_limit() + 4096


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = format_lazy(
        gettext_lazy("The decklist is larger than {kib} KiB."), kib=decklist_limit() // 1024
    )
    default_code = "too_large"


def _too_large(text: str) -> bool:
    try:
        decklist_check_size(text=text)
    except DecklistTooLarge:
        return True
    return False


class PlainTextParser(BaseParser):
    """A `text/plain` body is the decklist itself."""

    media_type = "text/plain"

    def parse(self, stream, media_type=None, parser_context=None) -> dict[str, str]:
        raw = stream.read(MAX_BODY_BYTES + 1) if stream is not None else b""
        if len(raw) > MAX_BODY_BYTES:
            raise PayloadTooLarge()
        try:
            return {"decklist": raw.decode("utf-8-sig")}
        except UnicodeDecodeError:
            raise ParseError(gettext("The decklist is not UTF-8 text.")) from None


class DeckFormatNegotiation(DefaultContentNegotiation):
    """Here `?format=` names the deck format (`zenkai`), not a response format (`json`)."""

    settings = SimpleNamespace(URL_FORMAT_OVERRIDE=None)  # type: ignore[assignment]  # the one read


class DecklistRequest(serializers.Serializer):
    decklist = serializers.CharField(allow_blank=True, trim_whitespace=False)
    format = serializers.CharField(required=False, allow_null=True, allow_blank=True)


class ViolationOut(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField(
        help_text="The rule as CONTRACT §4 cites it (`RULES.md, dbscg §2`)."
    )
    rule_url = serializers.URLField(
        required=False,
        help_text="The cited rule on the site's rules page (rules of the game only).",
    )
    rule_text = serializers.CharField(
        required=False,
        help_text="The cited rules in the request's language (rules of the game only).",
    )
    zone = serializers.CharField(allow_null=True)
    cards = serializers.ListField(child=serializers.CharField())
    count = serializers.IntegerField(required=False)
    limit = serializers.IntegerField(required=False)
    line = serializers.IntegerField(required=False)


class ValidationOut(serializers.Serializer):
    game = serializers.CharField()
    format = serializers.CharField()
    format_name = serializers.CharField()
    legal = serializers.BooleanField()
    counts = serializers.DictField(child=serializers.IntegerField())
    violations = ViolationOut(many=True)
    at = serializers.DateField(required=False, help_text="the date asked (`?at=`)")
    notes = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="what to know about a dated answer (the game's data carries no dates)",
    )


class MatrixRowOut(serializers.Serializer):
    format = serializers.CharField()
    name = serializers.CharField()
    legal = serializers.BooleanField()
    violations = serializers.IntegerField()
    codes = serializers.ListField(child=serializers.CharField())


class MatrixOut(serializers.Serializer):
    game = serializers.CharField()
    counts = serializers.DictField(child=serializers.IntegerField())
    problems = ViolationOut(many=True)
    formats = MatrixRowOut(many=True)


class CodeRequest(serializers.Serializer):
    game = serializers.CharField()
    decklist = serializers.CharField(allow_blank=True, trim_whitespace=False)
    format = serializers.CharField(required=False, allow_null=True, allow_blank=True)


class CodeOut(serializers.Serializer):
    code = serializers.CharField()
    game = serializers.CharField()
    format = serializers.CharField()
    quantities = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField())
    )
    decklist = serializers.CharField()
    unknown = serializers.ListField(child=serializers.CharField())
    share_url = serializers.CharField(allow_null=True)


SEND_A_DECKLIST = gettext_lazy('Send the decklist as text/plain, or JSON {"decklist": "..."}.')


def _error(message: str, code: int) -> Response:
    return Response({"detail": message}, status=code)


LANG = OpenApiParameter(
    "lang", str, description="en or ja (else Accept-Language decides)", required=False
)
# text/plain as bytes (UTF-8 decklist text): generated clients send it as a file, unchanged.
DECKLIST_BODY = {"text/plain": OpenApiTypes.BINARY, "application/json": DecklistRequest}
ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer, description="Unknown format, or a body that is not a decklist."
    ),
    404: OpenApiResponse(ErrorSerializer, description="Unknown game."),
    413: OpenApiResponse(ErrorSerializer, description="The decklist is too large."),
}


class LegalityView(APIView):
    """Shared reading of the request: size cap, decklist, format and language."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    #: The legality checks are the API's most expensive reads (docs/api.md "Throttles").
    throttle_scope = "legality"
    parser_classes = [PlainTextParser, JSONParser]
    content_negotiation_class = DeckFormatNegotiation

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        length = whole_number(request.META.get("CONTENT_LENGTH") or "")
        if length is not None and length > MAX_BODY_BYTES:
            raise PayloadTooLarge()
        super().initial(request, *args, **kwargs)

    def language(self, request: Request) -> str:
        return request_language(request)

    def decklist(self, request: Request) -> tuple[str, str | None]:
        """The decklist text and format of a POST body; `ParseError` when there is none."""
        data = request.data
        if not isinstance(data, dict):
            raise ParseError(SEND_A_DECKLIST)
        incoming = DecklistRequest(data=data)
        if not incoming.is_valid():
            raise ParseError(SEND_A_DECKLIST)
        text = incoming.validated_data["decklist"]
        if _too_large(text):
            raise PayloadTooLarge()
        fmt = incoming.validated_data.get("format") or request.query_params.get("format")
        return text, fmt or None


def _unknown_game(error: UnknownGame, lang: str) -> Response:
    return _error(translated(error.text, lang), status.HTTP_404_NOT_FOUND)


class ValidateApi(LegalityView):
    """A decklist checked against one format of its game (CONTRACT §4)."""

    @extend_schema(
        summary="Check a decklist against a format (CONTRACT §4)",
        description=(
            "The body is the decklist as text/plain, or JSON with `decklist` and `format`. "
            "The answer is 200 with `legal` and every violation, whatever the deck."
        ),
        parameters=[
            LANG,
            OpenApiParameter("format", str, required=False),
            OpenApiParameter(
                "at",
                date,
                required=False,
                description="check by the format as it stood at this date (RULES.md §6.1)",
            ),
        ],
        request=DECKLIST_BODY,
        responses={200: ValidationOut, **ERRORS},
    )
    def post(self, request: Request, game: str) -> Response:
        text, fmt = self.decklist(request)
        lang = self.language(request)
        asked = serializers.DateField(required=False)
        try:
            at = asked.to_internal_value(request.query_params["at"])
        except KeyError:
            at = None
        except serializers.ValidationError:
            return _error(gettext("at must be a date, YYYY-MM-DD."), status.HTTP_400_BAD_REQUEST)
        try:
            result = validate(game, text=text, format_slug=fmt, lang=lang, at=at)
        except UnknownGame as error:
            return _unknown_game(error, lang)
        except UnknownFormat as error:
            return _error(translated(error.text, lang), status.HTTP_400_BAD_REQUEST)
        return Response({**result, "violations": linked(game, result["violations"], lang)})


class MatrixApi(LegalityView):
    """The decklist's legality in every format of its game."""

    def _matrix(self, request: Request, game: str, text: str) -> Response:
        lang = self.language(request)
        try:
            return Response(format_matrix(game, text=text, lang=lang))
        except UnknownGame as error:
            return _unknown_game(error, lang)

    @extend_schema(
        summary="The decklist's legality in every format of its game",
        parameters=[
            LANG,
            OpenApiParameter("decklist", str, required=False, description="decklist text"),
            OpenApiParameter("code", str, required=False, description="or a deck code"),
        ],
        responses={200: MatrixOut, **ERRORS},
    )
    def get(self, request: Request, game: str) -> Response:
        code = request.query_params.get("code")
        if code is None:
            text = request.query_params.get("decklist", "")
            if _too_large(text):
                raise PayloadTooLarge()
            return self._matrix(request, game, text)
        try:
            decoded = deckcode.decode(code)
        except deckcode.DeckCodeError as error:
            return _error(
                translated(error.text, self.language(request)), status.HTTP_400_BAD_REQUEST
            )
        if decoded.game != game:
            return _error(
                gettext("the deck code is a %(code_game)s deck, not %(game)s")
                % {"code_game": decoded.game, "game": game},
                status.HTTP_400_BAD_REQUEST,
            )
        return self._matrix(request, game, quantities_text(game, decoded.quantities))

    @extend_schema(
        summary="The decklist's legality in every format of its game",
        parameters=[LANG],
        request=DECKLIST_BODY,
        responses={200: MatrixOut, **ERRORS},
    )
    def post(self, request: Request, game: str) -> Response:
        text, _ = self.decklist(request)
        return self._matrix(request, game, text)


def _share_url(code: str) -> str | None:
    """The deck page of a code, where the decks area provides one."""
    try:
        return reverse("decks:shared", kwargs={"code": code})
    except NoReverseMatch:
        return None


def _code_answer(decoded: deckcode.DeckCode, code: str) -> dict[str, Any]:
    """A code with what it holds: counts by number, and the canonical text with card names."""
    game = decoded.game
    deck, problems = decklist_load(game=game, text=quantities_text(game, decoded.quantities))
    return {
        "code": code,
        "game": game,
        "format": decoded.format,
        "quantities": decoded.quantities,
        "decklist": decklist.export(get_game(game), deck),
        "unknown": [ref for problem in problems for ref in problem.cards],
        "share_url": _share_url(code),
    }


class DeckCodesApi(LegalityView):
    """Make a deck code: the game, format and cards of a decklist in one short string."""

    @extend_schema(
        summary="Make the deck code of a decklist",
        request={"application/json": CodeRequest},
        responses={
            200: CodeOut,
            400: OpenApiResponse(ErrorSerializer),
            404: OpenApiResponse(ErrorSerializer),
        },
    )
    def post(self, request: Request) -> Response:
        incoming = CodeRequest(data=request.data if isinstance(request.data, dict) else {})
        if not incoming.is_valid():
            return _error(
                'Send JSON {"game": "...", "decklist": "...", "format": "..."}.',
                status.HTTP_400_BAD_REQUEST,
            )
        game = incoming.validated_data["game"]
        fmt = incoming.validated_data.get("format") or None
        try:
            found = get_game(game)
            fmt = found.format(fmt).slug
        except UnknownGame as error:
            return _unknown_game(error, self.language(request))
        except UnknownFormat as error:
            return _error(
                translated(error.text, self.language(request)), status.HTTP_400_BAD_REQUEST
            )
        deck, _ = decklist_load(game=game, text=incoming.validated_data["decklist"])
        code = deckcode.encode(game, fmt, deck.quantities())
        return Response(_code_answer(deckcode.decode(code), code))


class DeckCodeApi(LegalityView):
    """What a deck code holds: game, format, quantities and the canonical decklist."""

    @extend_schema(
        summary="Decode a deck code (no account needed)",
        responses={
            200: CodeOut,
            400: OpenApiResponse(ErrorSerializer, description="A broken code."),
        },
    )
    def get(self, request: Request, code: str) -> Response:
        try:
            decoded = deckcode.decode(code)
        except deckcode.DeckCodeError as error:
            return _error(
                translated(error.text, self.language(request)), status.HTTP_400_BAD_REQUEST
            )
        return Response(_code_answer(decoded, code))
