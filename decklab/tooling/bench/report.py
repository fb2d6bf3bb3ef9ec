"""`report(name, value, unit, ...)`: how a suite prints a figure beside its same-run baseline."""

from __future__ import annotations

from collections.abc import Callable


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
