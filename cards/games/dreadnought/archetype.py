"""A Dreadnought deck is known by its caster pair (RULES.md §1: two casters), coloured by their
clusters."""

from cards.games.archetype import NO_ARCHETYPE, Archetype, in_order, zone_cards
from cards.games.base import Deck

from .schema import CLUSTERS


def archetype(deck: Deck) -> Archetype:
    casters = sorted(zone_cards(deck, "casters"), key=lambda card: card.name)
    if not casters:
        return NO_ARCHETYPE
    clusters = in_order("".join(card["cluster"] or "" for card in casters), CLUSTERS)
    return Archetype(
        "+".join(card.number for card in casters),
        " / ".join(card.name for card in casters),
        clusters,
    )
