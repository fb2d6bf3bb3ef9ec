from django.conf import settings
from django.http import HttpRequest

from cards.addresses import navigation
from cards.games.registry import all_games


def games(request):
    """Every page's navigation lists the games."""
    return {"games": all_games()}


def site_url(request: HttpRequest) -> dict[str, str]:
    """`SITE_URL` for absolute links in pages (OpenGraph), never the request's Host header."""
    return {"SITE_URL": settings.SITE_URL}


def nav(request: HttpRequest) -> dict:
    """The header's addresses, reversed once per process and language (`cards.addresses`)."""
    return {"nav": navigation()}
