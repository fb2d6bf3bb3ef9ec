"""Deck rules of the Dragon Ball Super Card Game (RULES.md §2)."""

from cards.games.base import Format

FORMATS = (
    Format("zenkai", "ZENKAI", rules=()),
    Format("classic", "Classic (before ZENKAI)", rules=()),
)
