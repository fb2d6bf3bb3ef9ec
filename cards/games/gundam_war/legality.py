"""Deck rules of Gundam War (RULES.md §3) and the community regulations."""

from cards.games.base import Format

FORMATS = (Format("standard", "Standard", rules=()),)
