"""A Gundam War deck is known by its colour set (the colours of its main deck, RULES.md §3)."""

from cards.games.archetype import value_mix

from .schema import COLORS

archetype = value_mix("main", "color", COLORS, "")
