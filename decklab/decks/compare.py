"""Two goldfish runs side by side (the editor's "Compare with"): each measure's two estimates, their
difference, and the difference's 95% interval, said in plain words.

The interval treats the two estimates as independent (standard errors read back from each 95%
interval, combined in quadrature). The runs share the seed, which correlates them, so the interval
is wider than it needs to be: when it excludes zero, the difference is real.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from decklab.goldfish.charts import Measure, Names, rows

Z95 = 1.959964
#: Decimals a difference shows: of percentage points, and of other measures (a mean).
PLACES_POINTS = 1
PLACES_OTHER = 3
#: At most this many more when the usual ones would round a bound past zero onto it.
MORE_PLACES = 6


@dataclass(frozen=True)
class Difference:
    goal: str
    measure: str
    first: Measure
    second: Measure
    value: float
    low: float
    high: float

    def _show(self, number: float, decimals: int | None = None) -> str:
        # Rounded first, then + 0.0: a difference that rounds to nothing reads +0.0, not -0.0.
        if self.first.percent:
            places = PLACES_POINTS if decimals is None else decimals
            n = round(number * 100, places) + 0.0
            return gettext("%(n)s points") % {"n": f"{n:+.{places}f}"}
        places = PLACES_OTHER if decimals is None else decimals
        return f"{round(number, places) + 0.0:+,.{places}f}"

    @property
    def shown(self) -> str:
        return self._show(self.value, self._decimals())

    @property
    def interval(self) -> str:
        places = self._decimals()
        return f"{self._show(self.low, places)} … {self._show(self.high, places)}"

    def _decimals(self) -> int:
        """The usual decimals, or as many more as it takes for the shown interval to agree with the
        verdict: an interval past zero must not read "-0.2 … +0.0" beside "beyond chance"."""
        scale, places = (100, PLACES_POINTS) if self.first.percent else (1, PLACES_OTHER)
        for more in range(MORE_PLACES + 1):
            if self.low > 0 and round(self.low * scale, places + more) <= 0:
                continue
            if self.high < 0 and round(self.high * scale, places + more) >= 0:
                continue
            return places + more
        return places + MORE_PLACES

    @property
    def verdict(self) -> str:
        if self.low > 0:
            return gettext("the first is higher, beyond chance")
        if self.high < 0:
            return gettext("the second is higher, beyond chance")
        return gettext("too close to call: the interval holds zero")


def _standard_error(measure: Measure) -> float:
    if measure.low is None or measure.high is None:
        return 0.0
    return (measure.high - measure.low) / (2 * Z95)


def differences(
    first: Sequence[Mapping[str, Any]],
    second: Sequence[Mapping[str, Any]],
    names: Names | None = None,
) -> list[Difference]:
    """One `Difference` per measure both runs report (same goals, so the same order); `names`
    as `charts.readable` gives them."""
    out = []
    for row_a, row_b in zip(rows(first, names), rows(second, names), strict=False):
        for a, b in zip(row_a.measures, row_b.measures, strict=False):
            if a.value is None or b.value is None or a.label != b.label:
                continue
            value = a.value - b.value
            spread = Z95 * math.hypot(_standard_error(a), _standard_error(b))
            out.append(Difference(row_a.goal, a.label, a, b, value, value - spread, value + spread))
    return out
