"""`python manage.py bench` (`make bench`): every benchmark, each as a ratio against a baseline.

The suites are `decklab.tooling.bench.suites.SUITES`; `--only TEXT` prints only the figures whose
name holds TEXT, and suites with named cases ask `report.wants(name)` to skip the others' work.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decklab.tooling.bench import search
from decklab.tooling.bench.report import Report
from decklab.tooling.bench.suites import SUITES


class Command(BaseCommand):
    help = "Run the benchmarks and print each figure beside its same-run baseline."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "suite", nargs="*", help=f"only these suites, of: {', '.join(SUITES)} (e.g. search)"
        )
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
        unknown = [name for name in suite if name not in SUITES]
        if unknown:
            raise CommandError(f"no suite {', '.join(unknown)} (the suites: {', '.join(SUITES)})")
        report = Report(self.stdout.write, only)
        for name in suite or SUITES:
            self.stdout.write(f"== {name}")
            SUITES[name](report)
        if scale > 1:
            self.stdout.write(f"== search at {scale}x the DBSCG cards")
            search.run_scaled(report, scale)
