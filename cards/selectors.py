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


def card_as_printed_or_404(game: str, number: str) -> Card:
    """The card stored under `number`, else the one another printed form of it names
    (`XD1-01`, `BT1-010_PR`), as decklists read it; 404 when neither is found."""
    try:
        return card_or_404(game, number)
    except Http404:
        printed = printed_card(game, number)
        if printed is None:
            raise
        return printed


def printed_card(game: str, number: str) -> Card | None:
    """The card another printed form of its number names (`XD1-01` for `XD01-01`, `BT1-010_PR`
    for `BT1-010`), as decklists resolve it (`Game.card_for_number`); None if no card does."""
    the_game = game_or_404(game)
    if "\x00" in number:
        return None
    rows = Card.objects.filter(game=game, number_key__in=the_game.lookup_keys(number))
    by_key = {row.number_key: row for row in rows}
    found = the_game.card_for_number(
        number, {key: row.to_game_card() for key, row in by_key.items()}
    )
    if found is None:
        return None
    return next(row for row in by_key.values() if row.number == found.number)


#: How long the home page's card counts are kept; the key also changes with every new card.
CARD_COUNTS_SECONDS = 300


def card_counts() -> dict[str, int]:
    """Cards per game, cached: the home page would otherwise count every card on every request.

    The key holds the newest card id (one index read), so an import of new cards in any process
    shows at once, whatever the cache backend; `forget_card_counts` drops it after deletions.
    """
    newest = Card.objects.aggregate(newest=Max("id"))["newest"] or 0
    return (
        cache.get_or_set(
            f"cards:counts:{newest}",
            lambda: dict(Card.objects.values_list("game").annotate(n=Count("id")).order_by()),
            CARD_COUNTS_SECONDS,
        )
        or {}
    )


def forget_card_counts() -> None:
    newest = Card.objects.aggregate(newest=Max("id"))["newest"] or 0
    cache.delete(f"cards:counts:{newest}")
