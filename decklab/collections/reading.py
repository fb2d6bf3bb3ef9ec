"""Where a collection reads card lists: the project's decklist reading, in this one place.

A pasted list, a product's contents and a CSV's numbers all become cards here, through the same
reading the deck pages use (the site's decklist intake, `cards.decklists`), so a collection
understands every form a decklist may take, under the same size cap.
"""

from __future__ import annotations

from cards.decklists import decklist_load
from cards.games.base import Deck, Violation


def read_list(game_slug: str, text: str) -> tuple[Deck, list[Violation]]:
    return decklist_load(game=game_slug, text=text)
