"""Pages of search results whose count stops at a cap: counting 65,000 matches costs more than
finding the 60 shown, and "1,000+ cards" says as much to a player as the exact number.

Django's `Paginator` counts every match; `CappedPaginator` counts at most `COUNT_CAP` rows past the
page asked for, so every page stays reachable (the cap moves along with the reader) while the
count costs a bounded scan, never one of the whole table.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property

from django.core.paginator import Paginator
from django.db.models import QuerySet

#: Matches counted past the page asked for; beyond it the count reads "N+".
COUNT_CAP = 1_000
#: Up to this many matches, a paginator given `sorted_when_few` reads its page through it.
SORT_LIMIT = 5_000


class CappedPaginator(Paginator):
    """A paginator whose `count` is exact up to a cap; `capped` says whether there are more."""

    def __init__(
        self,
        object_list,
        per_page,
        *,
        page: str | int | None,
        cap: int | None = None,
        sorted_when_few: Callable[[QuerySet], QuerySet] | None = None,
    ):
        """`sorted_when_few`: the same rows in the same order, written so that the database sorts
        the matches instead of walking an index in that order. A database walks the index when it
        guesses that matches are common; when they are few and all near its end (`set:EX` in
        number order) it reads every row before it has a page. The count says which case this is:
        it counts up to `SORT_LIMIT` then, and at most that many rows are sorted."""
        super().__init__(object_list, per_page)
        self.sorted_when_few = sorted_when_few
        try:
            number = max(int(page or 1), 1)
        except (TypeError, ValueError):
            number = 1
        self.cap = (COUNT_CAP if cap is None else cap) + number * per_page

    @cached_property
    def _counted(self) -> int:
        # Without ORDER BY, the database stops reading at the (cap + 1)th match.
        limit = self.cap if self.sorted_when_few is None else max(self.cap, SORT_LIMIT)
        return self.object_list.order_by()[: limit + 1].count()

    def page(self, number):
        if self.sorted_when_few is not None and self._counted <= SORT_LIMIT:
            self.object_list = self.sorted_when_few(self.object_list)
        return super().page(number)

    @cached_property
    def count(self) -> int:
        return min(self._counted, self.cap)

    @property
    def capped(self) -> bool:
        return self._counted > self.cap
