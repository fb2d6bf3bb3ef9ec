"""The site's decklist intake (issue 20, docs/decklists.md): every page, API and command that reads
a pasted decklist reads it here, under one size cap (`DECKLAB_MAX_DECKLIST_BYTES`) and against one
card pool, built here and nowhere else for decklists.

The reading itself is the pure `cards.games.intake`; this module adds the database's cards: each
decklist costs one query by number and one by name, whatever its length (`cards.pool`).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError

from cards.games import intake
from cards.games.base import Deck, Violation
from cards.games.messages import Explained, gettext_noop
from cards.games.registry import get_game
from cards.languages import translated
from cards.pool import DatabasePool


class DecklistTooLarge(Explained, ValueError):
    """A decklist past `DECKLAB_MAX_DECKLIST_BYTES`: refused before any of it is read."""


def decklist_limit() -> int:
    """The largest decklist read, in bytes of UTF-8 (a real deck is a few kilobytes)."""
    return int(settings.DECKLAB_MAX_DECKLIST_BYTES)


def decklist_check_size(*, text: str) -> None:
    """`DecklistTooLarge` when the text is past the cap."""
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > decklist_limit():
        raise DecklistTooLarge(
            gettext_noop("A decklist has at most %(limit)s KiB; this one has %(size)s KiB."),
            limit=f"{decklist_limit() // 1024:,}",
            size=f"{-(-size // 1024):,}",
        )


def validate_decklist_size(text: str) -> None:
    """The cap as a form or serializer field's validator."""
    try:
        decklist_check_size(text=text)
    except DecklistTooLarge as error:
        raise ValidationError(translated(error.text)) from None


def card_pool(game: str) -> DatabasePool:
    """The game's cards in the database, as decklists look them up."""
    return DatabasePool(game)


def decklist_read(*, game: str, text: str) -> intake.Intake:
    """What a decklist reads as: the deck, its problems in line order, every line's fate.

    Raises `DecklistTooLarge` past the cap and `UnknownGame` for an unknown game."""
    the_game = get_game(game)
    decklist_check_size(text=text)
    return intake.read(the_game, text, card_pool(game))


def decklist_load(*, game: str, text: str) -> tuple[Deck, list[Violation]]:
    """`decklist_read`'s deck and problems, for callers that show no per-line account."""
    found = decklist_read(game=game, text=text)
    return found.deck, found.problems
