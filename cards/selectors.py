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
