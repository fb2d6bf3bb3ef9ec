"""Deck rules of Dreadnought (RULES.md §1.1, §1.2)."""

from cards.games.base import Format

FORMATS = (
    Format("standard", "Standard", rules=()),
    Format("early", "Early (2015)", rules=()),
)
