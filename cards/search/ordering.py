"""Card lists in a `SORTS` order, and how a page of one is read on PostgreSQL (`PageOrder`)."""

from __future__ import annotations

from django.db import connection
from django.db.models import (
    BooleanField,
    ExpressionWrapper,
    F,
    Q,
    QuerySet,
)

from cards.models import Card

#: The ways to order a card list: name → model field path.
SORTS: dict[str, str] = {
    "number": "number_order",
    "name": "name",
    "type": "type",
    "cost": "cost",
    "power": "power",
}


def ordered(
    cards: QuerySet[Card], sort: str, descending: bool = False, *, sort_all: bool = False
) -> QuerySet[Card]:
    """Cards in a `SORTS` order (cards without the value last), then by number.

    `sort_all`: the same order written as "without the value, the value, the number", which no
    index serves, so the database sorts the matches (`PageOrder.sorted`).
    """
    path = SORTS.get(sort, SORTS["number"])
    if sort_all:
        missing = ExpressionWrapper(Q(**{f"{path}__isnull": True}), output_field=BooleanField())
        value = F(path).desc() if descending else F(path).asc()
        return cards.order_by(missing.asc(), value, SORTS["number"])
    expression = F(path).desc(nulls_last=True) if descending else F(path).asc(nulls_last=True)
    return cards.order_by(expression, SORTS["number"])


class PageOrder:
    """How `CappedPaginator` reads a page of a game's search in one `SORTS` order on PostgreSQL:
    few matches sorted, many looked for among the first rows of the order first."""

    def __init__(self, game_slug: str, sort: str, descending: bool = False):
        self.game = game_slug
        self.sort = sort
        self.descending = descending
        self.path = SORTS.get(sort, SORTS["number"])

    def sorted(self, cards: QuerySet[Card]) -> QuerySet[Card]:
        return ordered(cards, self.sort, self.descending, sort_all=True)

    def among_first(self, cards: QuerySet[Card], rows: int) -> QuerySet[Card] | None:
        """`cards` whose value is at most (descending: at least) that of the game's `rows`th card
        in this order: a prefix of the order, ties included, read through the order's index. None
        when fewer than `rows` cards have a value (cards without one come last)."""
        values = Card.objects.filter(game=self.game, **{f"{self.path}__isnull": False})
        by_value = F(self.path).desc() if self.descending else F(self.path).asc()
        bound = values.order_by(by_value).values_list(self.path, flat=True)[rows - 1 : rows]
        last = next(iter(bound), None)
        if last is None:
            return None
        return cards.filter(**{f"{self.path}__{'gte' if self.descending else 'lte'}": last})


def page_order(game_slug: str, sort: str, descending: bool = False) -> PageOrder | None:
    """For `CappedPaginator` on PostgreSQL: the `PageOrder` of a search. None on SQLite: it reads
    every row of a site's size anyway, and the extra queries would cost more than they save."""
    if connection.vendor != "postgresql":
        return None
    return PageOrder(game_slug, sort, descending)
