"""Pages of search results whose count stops at a cap: counting 65,000 matches costs more than
finding the 60 shown, and "1,000+ cards" says as much to a player as the exact number.

Django's `Paginator` counts every match; `CappedPaginator` counts at most `COUNT_CAP` rows past the
page asked for, so every page stays reachable (the cap moves along with the reader) while the
count costs a bounded scan, never one of the whole table.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Protocol

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

#: Matches counted past the page asked for; beyond it the count reads "N+".
COUNT_CAP = 1_000
#: A page number past this counts as this one: far beyond any card table, and the count's LIMIT
#: stays an integer the database takes (page=10**30 was a database error).
LAST_COUNTED_PAGE = 1_000_000
#: With more matches than the count's cap, a page is first looked for among the first rows of the
#: order, this many per card up to the page's end (a page of 60: 960 rows), ...
PREFIX_ROWS = 16
#: ... then among `PREFIX_GROWTH` times as many (7,680), and so on (`SCAN_CAP`): a negated
#: group (`-(color:red or color:blue)`) matches half the cards but none of the first 960, and
#: sorting every match of a query no index serves read and sorted every card (380 ms at 30× the
#: DBSCG cards). A wider prefix is read as a range of the order's index whose matches are sorted:
#: walking it row by row through a filter the planner underrates (`set:EX`'s tag array) took
#: 0.3 s for 7,680 rows.
PREFIX_GROWTH = 8
#: Up to this many rows of the order for one page (960, 7,680, then 30,720 for a first
#: page of 60; a page further on reads at least its own 16 rows a card). Past it the page is
#: answered with the matches those rows hold, maybe none, and `cut_short` says so: the player is told
#: to narrow the search. Sorting every match instead read the whole table (O(cards), uncapped).
SCAN_CAP = 30_720


class PageOrder(Protocol):
    """How the database reads a page of many or few matches in one order (`cards.search.PageOrder`)."""

    def sorted(self, cards: QuerySet) -> QuerySet:
        """The same rows in the same order, written so that the database sorts the matches."""
        ...

    def among_first(self, cards: QuerySet, rows: int) -> QuerySet | None:
        """The rows of `cards` among the first `rows` of the unsearched order (a prefix of it), in
        that order, read as that range and sorted; None when there are no more than `rows` of
        them."""
        ...


class CappedPaginator(Paginator):
    """A paginator whose `count` is exact up to a cap; `capped` says whether there are more."""

    object_list: QuerySet[Any]

    def __init__(
        self,
        object_list,
        per_page,
        *,
        page: str | int | None,
        cap: int | None = None,
        order: PageOrder | None = None,
    ):
        """`order`: read pages as below, instead of leaving the database to walk the order's index.

        A database walks the index when it guesses that matches are common and spread evenly;
        when they are few, or many but all near its end (`set:PROMO` in number order), it reads
        almost every row before it has a page. So: when the count found them all (no more than
        the cap), the matches are sorted; otherwise the page is looked for among the first rows of
        the order (`PREFIX_ROWS`): its first matches are the search's first matches, and only a
        bounded number of rows are read, then among 8 times as many, up to `SCAN_CAP` rows. When
        those do not hold the page, it holds what they do (`cut_short`); all the matches are sorted
        only when the order has fewer cards with a value than the prefix asked for."""
        super().__init__(object_list, per_page)
        self.order = order
        try:
            number = min(max(int(page or 1), 1), LAST_COUNTED_PAGE)
        except (TypeError, ValueError):
            number = 1
        self.cap = (COUNT_CAP if cap is None else cap) + number * per_page
        #: True when the page holds fewer matches than it would: it was looked for among the first
        #: `SCAN_CAP` rows of the order only (the page says "narrow the search").
        self.cut_short = False
        #: The rows of the order the page was looked for among, when `cut_short`.
        self.rows_read = 0

    @cached_property
    def _counted(self) -> int:
        # Without ORDER BY, the database stops reading at the (cap + 1)th match.
        return self.object_list.order_by()[: self.cap + 1].count()

    def page(self, number) -> Page:
        if self.order is None:
            return super().page(number)
        number = self.validate_number(number)
        if self._counted > self.cap:
            # More matches than the cap, which reaches past this page: the page is whole.
            top = number * self.per_page
            rows = top * PREFIX_ROWS
            limit = max(SCAN_CAP, rows)
            while (first := self.order.among_first(self.object_list, rows)) is not None:
                # Every card with a value is fewer than `rows` (None): all the matches are sorted below.
                if rows > top * PREFIX_ROWS:  # a wider prefix: its range read and sorted
                    first = self.order.sorted(first)
                shown = list(first[top - self.per_page : top])
                if len(shown) == self.per_page or rows >= limit:
                    self.cut_short = len(shown) < self.per_page
                    self.rows_read = rows
                    return Page(shown, number, self)
                rows = min(rows * PREFIX_GROWTH, limit)
        self.object_list = self.order.sorted(self.object_list)
        return super().page(number)

    @cached_property
    def count(self) -> int:
        return min(self._counted, self.cap)

    @property
    def capped(self) -> bool:
        return self._counted > self.cap
