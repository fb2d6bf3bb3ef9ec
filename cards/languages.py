"""The reader's language for a web or API request (`cards.games.messages.choose_language`)."""

from __future__ import annotations

from django.http import HttpRequest
from django.utils import translation

from cards.games.messages import choose_language


def request_language(request: HttpRequest) -> str:
    """`?lang=` first, then the language the site chose (LocaleMiddleware), then Accept-Language."""
    return choose_language(
        request.GET.get("lang"),
        getattr(request, "LANGUAGE_CODE", None),
        translation.get_language_from_request(request),
    )
