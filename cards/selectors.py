"""Reads of cards by what a URL holds: unknown games, numbers and cards are a 404, never a 500."""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Count, Max
from django.http import Http404

from cards.games.game import Game
from cards.games.registry import UnknownGame, get_game
from cards.models import Card


def game_or_404(slug: str) -> Game:
    try:
        return get_game(slug)
    except UnknownGame:
        raise Http404(f"No game {slug!r}.") from None


def card_or_404(game: str, number: str) -> Card:
    """The card, or 404; a number holding NUL (which PostgreSQL cannot even compare) is none."""
    game_or_404(game)
    if "\x00" in number:
        raise Http404("No such card.")
    try:
        return Card.objects.get(game=game, number=number)
    except Card.DoesNotExist:
        raise Http404("No such card.") from None


#: How long the home page's card counts are kept; the key also changes with every new card.
CARD_COUNTS_SECONDS = 300


def card_counts() -> dict[str, int]:
    """Cards per game, cached: the home page would otherwise count every card on every request.

    The key holds the newest card id (one index read), so an import of new cards in any process
    shows at once, whatever the cache backend; `forget_card_counts` drops it after deletions.
    """
    newest = Card.objects.aggregate(newest=Max("id"))["newest"] or 0
    return cache.get_or_set(
        f"cards:counts:{newest}",
        lambda: dict(Card.objects.values_list("game").annotate(n=Count("id")).order_by()),
        CARD_COUNTS_SECONDS,
    )


def forget_card_counts() -> None:
    newest = Card.objects.aggregate(newest=Max("id"))["newest"] or 0
    cache.delete(f"cards:counts:{newest}")
