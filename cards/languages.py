"""The reader's language for a web or API request (`cards.games.messages.choose_language`), and
the pure core's refusals (`messages.Text`) in the language the site has chosen."""

from __future__ import annotations

from collections.abc import Iterable

from django.http import HttpRequest
from django.utils import translation

from cards.games.messages import Text, choose_language
from cards.games.registry import UnknownGame, get_game


def request_language(request: HttpRequest) -> str:
    """`?lang=` first, then the language the site chose (LocaleMiddleware), then Accept-Language."""
    return choose_language(
        request.GET.get("lang"),
        getattr(request, "LANGUAGE_CODE", None),
        translation.get_language_from_request(request),
    )


def game_name(slug: str) -> str:
    """`dbscg` → `Dragon Ball Super Card Game`, its Japanese name on Japanese pages (the slug
    of a game the registry does not hold)."""
    try:
        game = get_game(slug)
    except UnknownGame:
        return slug
    return translation.gettext(game.name)


def translated(text: Text | str, lang: str | None = None) -> str:
    """A pure-core text (a goal error, a stored failure reason) in `lang`, else the active
    language: its msgid and every text inside through the site's catalogue, values that read per
    language in it. A plain string (already in words) is shown as it is."""
    if isinstance(text, str):
        return text
    if lang is not None:
        with translation.override(choose_language(lang)):
            return translated(text)
    return text.show(translation.gettext, choose_language(translation.get_language()))


def listed(items: Iterable[object]) -> str:
    """Items as a list reads in the active language: `a, b, c` in English, `a、b、c` in Japanese
    (a half-width comma inside a Japanese sentence reads as a typo). The one list separator of
    pages, messages and goal labels: `{{ values|listed }}` in templates."""
    separator = "、" if translation.get_language() == "ja" else ", "
    return separator.join(str(item) for item in items)
