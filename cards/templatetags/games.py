"""Template filters that turn stored game and format slugs into the names players read.

Deck and simulation rows keep slugs (`dbscg`, `zenkai`); lists of them show `Dragon Ball Super
Card Game` and `ZENKAI`. A slug that no longer names a game or format is shown as it is.
"""

from django import template
from django.urls import reverse
from django.utils.translation import get_language, gettext

from cards import addresses, languages
from cards.games.game import UnknownFormat
from cards.games.query import QueryError
from cards.games.registry import UnknownGame, get_game
from cards.search import error_message

register = template.Library()


#: `{{ deck.game|game_name }}`: the game's name in the page's language.
game_name = register.filter("game_name", languages.game_name)
#: `{{ zones|listed }}`: `a, b` in English, `a、b` in Japanese.
listed = register.filter("listed", languages.listed)


@register.filter
def format_name(slug: str, game_slug: str) -> str:
    """`{{ deck.format|format_name:deck.game }}`: `zenkai` → `ZENKAI`."""
    try:
        return local(get_game(game_slug).format(slug).name)
    except (UnknownGame, UnknownFormat):
        return slug


@register.filter
def ja(text: str, japanese: str) -> str:
    """`{{ game.name|ja:game.name_ja }}`: the Japanese name when the page is in Japanese and the
    data has one, else the text as it is."""
    return japanese if japanese and get_language() == "ja" else text


#: `{% fixed_url 'cards:help' game.slug %}`: an address of no argument or a game's slug, reversed
#: once per process (`cards.addresses`); "" if none matches.
register.simple_tag(addresses.fixed_url, name="fixed_url")


@register.simple_tag
def face_url(game_slug: str, number: str) -> str:
    """`{% face_url game number %}`: the card's face, labelled in the page's language (a Japanese
    page asks for `?lang=ja`; English keeps the plain address)."""
    url = reverse("cards:face", args=[game_slug, number])
    return f"{url}?lang=ja" if get_language() == "ja" else url


@register.filter
def local(text: str) -> str:
    """A text from the pure game core (format and zone names, goal and field labels), translated
    when the catalogue has it; the core marks such texts with `messages.gettext_noop`."""
    return gettext(text) if text else text


@register.filter
def value_word(value: str, game_slug: str) -> str:
    """`{{ colour|value_word:deck.game }}`: a stored data value (`Blue`, `ACE`) in the page's
    words: on Japanese pages the Japanese name one of the game's search fields gives it
    (`Field.names_ja`, the same words card pages show), else the value as stored."""
    if get_language() != "ja":
        return value
    try:
        search_fields = get_game(game_slug).search_fields
    except UnknownGame:
        return value
    return next((f.names_ja[value] for f in search_fields if value in f.names_ja), value)


@register.filter
def shown_choices(field) -> str:
    """A search field's values for the help page: Japanese words on Japanese pages where the data
    has them (both spellings search the same)."""
    names = field.names_ja if get_language() == "ja" else {}
    return languages.listed(names.get(choice, choice) for choice in field.choices)


@register.filter
def query_message(error: QueryError) -> str:
    """`{{ error|query_message }}`: a card search's error in the page's language."""
    return error_message(error)
