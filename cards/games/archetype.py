"""A deck's archetype: the game's natural key for "what kind of deck is this".

Each game says it in its own words (a DBSCG leader, a Dreadnought caster pair, a Gundam War colour
set, a Blade Rondo set mix) through `Game.archetype`; discovery stores the key of every public deck
and counts the meta by it, without knowing any game's field names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cards.games.base import Card, Deck


@dataclass(frozen=True)
class Archetype:
    #: Stable and short, stored with the deck and compared; "" when the deck has none yet.
    key: str
    #: How a row names it: card names or colour names as printed (facts, never translated).
    label: str
    #: The deck's colours (or clusters, attributes) in the game's own order, for the colour filter.
    colours: tuple[str, ...] = ()


#: A deck without an archetype yet (an empty deck, a game with no natural key).
NO_ARCHETYPE = Archetype("", "")


def no_archetype(deck: Deck) -> Archetype:
    return NO_ARCHETYPE


def zone_cards(deck: Deck, zone: str) -> list[Card]:
    """The distinct cards of one zone, in the deck's order."""
    return [entry.card for entry in deck.zones.get(zone, ())]


def in_order(values: Iterable[str], order: Iterable[str]) -> tuple[str, ...]:
    """`values` without repeats, in the game's order (`order`), unknown values last."""
    wanted = set(values)
    ordered = [value for value in order if value in wanted]
    return (*ordered, *sorted(wanted - set(ordered)))


def value_mix(
    zone: str, column: str, order: Iterable[str], joiner: str
) -> Callable[[Deck], Archetype]:
    """An archetype made of the values of one column over a zone's cards (a colour set, a set mix):
    the values in the game's order, joined."""
    order = tuple(order)

    def archetype(deck: Deck) -> Archetype:
        values: list[str] = []
        for card in zone_cards(deck, zone):
            value = card[column]
            values.extend(value if isinstance(value, (list, tuple)) else [value] if value else [])
        mix = in_order(values, order)
        return Archetype("+".join(mix), joiner.join(mix), mix) if mix else NO_ARCHETYPE

    return archetype
