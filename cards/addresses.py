"""Addresses that are the same for every request of a process, reversed once.

An address with no argument, or only a game's slug, depends on nothing but the URLconf, the script
prefix and the language: the site's navigation on every page, a game's search, help and coverage
pages. `reverse` walks the resolver each time (issue 25 item 5: 28 reverses an editor page); these
are kept per process instead. Addresses of one deck or card are reversed per request (`DeckUrls`).
"""

from __future__ import annotations

import functools

from django.conf import settings
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils import translation

from cards.games.registry import all_games


def fixed_url(name: str, *args: str) -> str:
    """`reverse(name, args=args)` for a name of no argument or a game's slug; "" if none matches
    (like `{% url … as x %}`)."""
    return _fixed(name, args, *_site())


def navigation() -> dict:
    """The addresses of every page's header (templates/base.html)."""
    return _navigation(*_site())


def _site() -> tuple[str, str, str]:
    urlconf = get_urlconf() or settings.ROOT_URLCONF
    return translation.get_language() or "", get_script_prefix(), str(urlconf)


@functools.lru_cache(maxsize=4096)
def _fixed(name: str, args: tuple[str, ...], language: str, prefix: str, urlconf: str) -> str:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return ""


@functools.lru_cache(maxsize=64)
def _navigation(language: str, prefix: str, urlconf: str) -> dict:
    def url(name: str, *args: str) -> str:
        return _fixed(name, args, language, prefix, urlconf)

    return {
        "home": url("home"),
        "games": [(game, url("cards:list", game.slug)) for game in all_games()],
        "new_deck": url("decks:new"),
        "new_run": url("goldfish:new"),
        "profile": url("profile"),
        "upload": url("cards:upload"),
        "logout": url("logout"),
        "login": url("login"),
        "signup": url("signup"),
        "set_language": url("set_language"),
    }
