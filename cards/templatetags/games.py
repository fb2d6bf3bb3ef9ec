"""Template filters that turn stored game and format slugs into the names players read.

Deck and simulation rows keep slugs (`dbscg`, `zenkai`); lists of them show `Dragon Ball Super
Card Game` and `ZENKAI`. A slug that no longer names a game or format is shown as it is.
"""

from django import template

from cards.games.game import UnknownFormat
from cards.games.registry import UnknownGame, get_game

register = template.Library()


@register.filter
def game_name(slug: str) -> str:
    """`dbscg` → `Dragon Ball Super Card Game`."""
    try:
        return get_game(slug).name
    except UnknownGame:
        return slug


@register.filter
def format_name(slug: str, game_slug: str) -> str:
    """`{{ deck.format|format_name:deck.game }}`: `zenkai` → `ZENKAI`."""
    try:
        return get_game(game_slug).format(slug).name
    except (UnknownGame, UnknownFormat):
        return slug
