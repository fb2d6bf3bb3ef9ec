"""A DRAWS◎TROIDAL deck is known by its attribute mix (the beta names no leader, RULES.md §5)."""

from cards.games.archetype import value_mix

from .schema import ATTRIBUTES

archetype = value_mix("main", "attribute", ATTRIBUTES, "")
