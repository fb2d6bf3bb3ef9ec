"""Where a collection reads card lists: the project's decklist reading, in this one place.

A pasted list, a product's contents and a CSV's numbers all become cards here, through the same
reading the deck pages use (`cards.validation.load_deck`: `cards.games.decklist.load` with the
database pool), so a collection understands every form a decklist may take.
"""

from __future__ import annotations

from cards.games.base import Deck, Violation
from cards.validation import load_deck


def read_list(game_slug: str, text: str) -> tuple[Deck, list[Violation]]:
    return load_deck(game_slug, text)
