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


@dataclass(frozen=True)
class Difference:
    goal: str
    measure: str
    first: Measure
    second: Measure
    value: float
    low: float
    high: float

    def _show(self, number: float) -> str:
        # Rounded first, then + 0.0: a difference that rounds to nothing reads +0.0, not -0.0.
        if self.first.percent:
            return gettext("%(n)+.1f points") % {"n": round(number * 100, 1) + 0.0}
        return f"{round(number, 3) + 0.0:+,.3f}"

    @property
    def shown(self) -> str:
        return self._show(self.value)

    @property
    def interval(self) -> str:
        return f"{self._show(self.low)} … {self._show(self.high)}"

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
