"""`report(name, value, unit, ...)`: how a suite prints a figure beside its same-run baseline."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

#: How many times a suite measures each pair of a figure and its baseline, in alternation.
REPEATS = 3


class Report:
    """One line per figure, beside its baseline; `only` keeps the figures whose name holds it."""

    def __init__(self, write: Callable[[str], object], only: str = ""):
        self.write = write
        self.only = only.casefold()

    def wants(self, name: str) -> bool:
        """Whether a figure of this name is printed (`--only`)."""
        return self.only in name.casefold()

    def __call__(
        self,
        name: str,
        value: float,
        unit: str,
        *,
        baseline: tuple[str, float] | None = None,
        target: str = "",
    ) -> None:
        if not self.wants(name):
            return
        line = f"  {name}: {value:,.3f} {unit}"
        if baseline is not None:
            base_name, base_value = baseline
            ratio = value / base_value if base_value else float("inf")
            line += f"  | {base_name}: {base_value:,.3f} {unit}  | ratio {ratio:,.2f}"
        if target:
            line += f"  (target {target})"
        self.write(line)

    def repeated(
        self,
        name: str,
        values: Sequence[float],
        unit: str,
        *,
        baseline: tuple[str, Sequence[float]],
        target: str = "",
    ) -> None:
        """A figure measured several times, each beside its baseline measured right before or
        after it: the medians of both, and the median ratio with its spread (lowest–highest of
        the per-pair ratios)."""
        if not self.wants(name):
            return
        base_name, base_values = baseline
        ratios = [
            value / base if base else float("inf")
            for value, base in zip(values, base_values, strict=True)
        ]
        line = (
            f"  {name}: {statistics.median(values):,.3f} {unit}"
            f"  | {base_name}: {statistics.median(base_values):,.3f} {unit}"
            f"  | ratio {statistics.median(ratios):,.2f} (spread {min(ratios):,.2f}–"
            f"{max(ratios):,.2f}, {len(ratios)} pairs)"
        )
        if target:
            line += f"  (target {target})"
        self.write(line)
