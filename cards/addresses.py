"""Addresses that are the same for every request of a process, reversed once.

An address with no argument, or only a game's slug, depends on nothing but the URLconf, the script
prefix and the language: the site's navigation on every page, a game's search, help and coverage
pages. `reverse` walks the resolver each time (issue 25 item 5: 28 reverses an editor page); these
are kept per process instead. An address of one object (a deck's id or share code, then fixed
arguments) is kept as the text around its key (`keyed_url`), so a deck's editor reverses nothing.
"""

from __future__ import annotations

import functools
import re

from django.conf import settings
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from django.utils import translation

from cards.games.registry import all_games


def fixed_url(name: str, *args: str) -> str:
    """`reverse(name, args=args)` for a name of no argument or a game's slug; "" if none matches
    (like `{% url … as x %}`)."""
    return _fixed(name, args, *_site())


#: Stands for an object's key while its address is reversed once (`keyed_url`): digits, so both
#: `<int:…>` and `<str:…>` accept it; long enough that no fixed part of an address holds it.
_KEY_MARK = "4096409640964096"

#: Keys written into an address as they are: `reverse` would quote nothing in them.
_PLAIN_KEY = re.compile(r"[A-Za-z0-9_-]+")


def keyed_url(name: str, key: int | str, *args: str) -> str:
    """`reverse(name, args=[key, *args])` for an address whose first argument is an object's
    key (a deck's id or share code) and the rest fixed (a panel's name): the address is
    reversed once per process with a mark for the key, which each call replaces."""
    key = str(key)
    around = _around_key(name, args, *_site())
    if around is None or not _PLAIN_KEY.fullmatch(key):
        return reverse(name, args=[key, *args])
    before, after = around
    return f"{before}{key}{after}"


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


@functools.lru_cache(maxsize=4096)
def _around_key(
    name: str, args: tuple[str, ...], language: str, prefix: str, urlconf: str
) -> tuple[str, str] | None:
    """The text before and after the key in `name`'s address; None where the mark does not
    appear exactly once (then `keyed_url` reverses each time)."""
    url = reverse(name, args=[_KEY_MARK, *args])
    if url.count(_KEY_MARK) != 1:
        return None
    before, _, after = url.partition(_KEY_MARK)
    return before, after


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
