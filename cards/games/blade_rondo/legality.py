"""Deck rules of Blade Rondo (RULES.md §4.2, §4.3)."""

from cards.games.base import Format

FORMATS = (
    Format("set", "Set deck", rules=()),
    Format("free", "Free construction", rules=()),
)
