"""Deck rules of DRAWS◎TROIDAL (RULES.md §5.1)."""

from cards.games.base import Format

FORMATS = (Format("beta", "β", rules=()),)
