"""Reads of cards by what a URL holds: unknown games, numbers and cards are a 404, never a 500."""

from __future__ import annotations

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
