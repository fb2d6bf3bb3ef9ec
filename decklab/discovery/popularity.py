"""The popularity of a public deck: its likes, each worth 1 when given and half as much every
`HALF_LIFE` after (docs/discovery.md).

score(now) = Σ 2^(−(now − liked_at) / HALF_LIFE)

Stored as `hot` = log2 Σ 2^((liked_at − EPOCH) / HALF_LIFE): score(now) = 2^(hot − (now − EPOCH) /
HALF_LIFE), the same factor for every deck, so ordering by `hot` orders by today's score with a
plain index, and `hot` changes only when a like is given or taken back. The log keeps the sum from
overflowing as the years pass.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta

HALF_LIFE = timedelta(days=14)
EPOCH = datetime(2025, 1, 1, tzinfo=UTC)
#: The `hot` of a deck without likes: below any liked deck's (a like is worth 2^(−2^30) after
#: forty million years), and a plain number, so that one ascending index serves every database.
NO_LIKES = -float(2**30)


def _halvings(moment: datetime) -> float:
    return (moment - EPOCH) / HALF_LIFE


def hot_of(liked_at: Iterable[datetime]) -> float:
    exponents = [_halvings(moment) for moment in liked_at]
    if not exponents:
        return NO_LIKES
    top = max(exponents)
    return top + math.log2(sum(2 ** (e - top) for e in exponents))


def score(hot: float, now: datetime) -> float:
    """Today's decayed likes of a deck with this `hot`."""
    return 0.0 if hot <= NO_LIKES else 2 ** (hot - _halvings(now))
