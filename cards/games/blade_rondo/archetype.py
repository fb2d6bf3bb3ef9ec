"""A Blade Rondo set deck is known by its set mix (the sets its pool's cards come from, §4.3)."""

from cards.games.archetype import value_mix

archetype = value_mix("pool", "sets", (), " + ")
