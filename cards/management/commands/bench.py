"""`python manage.py bench` (`make bench`): every benchmark, each as a ratio against a baseline.

Benchmarks live beside the code they measure, as modules listed in `SUITES`; each defines
`run(report)` and calls `report(name, value, unit, baseline=..., note=...)`. Timings are printed,
never asserted: the test suite stays free of timing flakes. `--only TEXT` prints only the figures
whose name holds TEXT; suites with named cases ask `report.wants(name)` to skip the others' work.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module

from django.core.management.base import BaseCommand, CommandError, CommandParser

SUITES = [
    "cards.bench.search",
    "cards.bench.legality",
    "cards.bench.goldfish",
    "cards.bench.goldfish_troidal",
    "decklab.goldfish.bench",
    "decklab.decks.bench",
    "decklab.collections.bench",
]


class Command(BaseCommand):
    help = "Run the benchmarks and print each figure beside its same-run baseline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("suite", nargs="*", help="only these suites (e.g. cards.bench.search)")
        parser.add_argument(
            "--scale",
            type=int,
            default=1,
            help="also time the card search on this many copies of the DBSCG cards, in a "
            "separate bench database (e.g. 10)",
        )
        parser.add_argument(
            "--only",
            default="",
            help="only the figures whose name holds this text, any case (e.g. energy)",
        )

    def handle(self, *args, suite: list[str], scale: int, only: str, **options) -> None:
        if scale < 1:
            raise CommandError("--scale must be 1 or more.")
        report = Report(self.stdout.write, only)
        for name in suite or SUITES:
            try:
                module = import_module(name)
            except ModuleNotFoundError as error:
                if error.name != name:
                    raise
                self.stdout.write(f"-- {name}: not present")
                continue
            self.stdout.write(f"== {name}")
            module.run(report)
        if scale > 1:
            self.stdout.write(f"== cards.bench.search at {scale}x the DBSCG cards")
            import_module("cards.bench.search").run_scaled(report, scale)


class Report:
    """`report(name, value, unit, ...)` for the suites: one line per figure, beside its baseline."""

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
