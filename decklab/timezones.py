"""Times in the reader's time zone: the zone the browser reports (a cookie that `static/js/site.js` sets),
else the usual zone of the page's language (Japanese: Asia/Tokyo), else UTC.

Own code rather than a package such as django-tz-detect: those post the zone from an inline script,
which the site's Content-Security-Policy refuses; a cookie written by a static script is enough.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable
from functools import lru_cache

from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

#: The cookie `static/js/site.js` writes: an IANA zone name such as `Asia/Tokyo`.
COOKIE = "decklab_tz"
#: A page language's zone when the browser has not said (its first page, or scripts off).
BY_LANGUAGE = {"ja": "Asia/Tokyo"}
#: Addresses whose times stay in UTC (the JSON API).
API_PREFIX = "/api/"


@lru_cache(maxsize=1)
def known_zones() -> frozenset[str]:
    """Every IANA zone name this machine knows (read once: ~90 ms, `decklab.wsgi` warms it)."""
    return frozenset(zoneinfo.available_timezones())


def reader_zone(request: HttpRequest) -> str | None:
    """The zone to show times in; None for the site's own (UTC). A cookie naming no known zone
    (forged, or from an older browser database) is ignored."""
    named = request.COOKIES.get(COOKIE, "")
    if named in known_zones():
        return named
    return BY_LANGUAGE.get(translation.get_language() or "")


class ReaderTimezone:
    """Activates `reader_zone` for the request (after LocaleMiddleware, which sets the language).
    The API answers in UTC whoever asks: a script's output must not depend on a browser cookie."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = None if request.path.startswith(API_PREFIX) else reader_zone(request)
        if zone:
            timezone.activate(zoneinfo.ZoneInfo(zone))
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
