"""A DBSCG deck is known by its leader (RULES.md §2: one leader card), coloured by the leader."""

from cards.games.archetype import NO_ARCHETYPE, Archetype, in_order, zone_cards
from cards.games.base import Deck

from .schema import COLORS


def archetype(deck: Deck) -> Archetype:
    leaders = zone_cards(deck, "leader")
    if not leaders:
        return NO_ARCHETYPE
    leader = leaders[0]
    return Archetype(leader.number, leader.name, in_order(leader["colors"] or (), COLORS))
