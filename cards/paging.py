"""Pages of search results whose count stops at a cap: counting 65,000 matches costs more than
finding the 60 shown, and "1,000+ cards" says as much to a player as the exact number.

Django's `Paginator` counts every match; `CappedPaginator` counts at most `COUNT_CAP` rows past the
page asked for, so every page stays reachable (the cap moves along with the reader) while the
count costs a bounded scan, never one of the whole table.
"""

from __future__ import annotations

from functools import cached_property

from django.core.paginator import Paginator

#: Matches counted past the page asked for; beyond it the count reads "N+".
COUNT_CAP = 1_000


class CappedPaginator(Paginator):
    """A paginator whose `count` is exact up to a cap; `capped` says whether there are more."""

    def __init__(self, object_list, per_page, *, page: str | int | None, cap: int | None = None):
        super().__init__(object_list, per_page)
        try:
            number = max(int(page or 1), 1)
        except (TypeError, ValueError):
            number = 1
        self.cap = (COUNT_CAP if cap is None else cap) + number * per_page

    @cached_property
    def _counted(self) -> int:
        # Without ORDER BY, the database stops reading at the (cap + 1)th match.
        return self.object_list.order_by()[: self.cap + 1].count()

    @cached_property
    def count(self) -> int:
        return min(self._counted, self.cap)

    @property
    def capped(self) -> bool:
        return self._counted > self.cap
