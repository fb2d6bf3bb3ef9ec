"""What the deck editor's statistics panel counts: each game's charts as (title, values) pairs.

A game lists its charts in its own folder (`<game>/charts.py`, handed to `Game.charts`): the cost
curve, colours and types first, then the game's own. `values` gives what one copy of a card counts
towards (nothing, one bar or several); `decklab/decks/stats.py` counts them over the deck and draws.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cards.games.base import Card

#: The bar of cards that have no value for the chart.
NONE = "—"

Values = Callable[[Card], Iterable[object]]
Charts = tuple[tuple[str, Values], ...]


def one(column: str) -> Values:
    """The card's value in one column (`NONE` when empty)."""

    def values(card: Card) -> Iterable[object]:
        value = card[column]
        return (NONE if value is None or value == "" else value,)

    return values


def many(column: str) -> Values:
    """Every value of a list column (`NONE` when empty)."""

    def values(card: Card) -> Iterable[object]:
        return tuple(card[column] or ()) or (NONE,)

    return values


def card_type(card: Card) -> Iterable[object]:
    return (card.type or NONE,)
