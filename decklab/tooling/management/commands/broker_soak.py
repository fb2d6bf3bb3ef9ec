"""`python manage.py broker_soak` (`make soak`): many tiny tasks through a real worker on a broker."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from decklab.tooling.soak import soak


class Command(BaseCommand):
    help = "Push tiny tasks through a real Celery worker; count crashes and lost tasks."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--tasks", type=int, default=20_000, help="how many (default 20,000)")
        parser.add_argument(
            "--broker",
            action="append",
            default=[],
            help="a broker URL, or 'embedded' for the default broker (repeatable; default: "
            "embedded), e.g. --broker embedded --broker filesystem://",
        )

    def handle(self, *args, tasks: int, broker: list[str], **options) -> None:
        if tasks < 1:
            raise CommandError("--tasks must be at least 1")
        failed = []
        for url in broker or ["embedded"]:
            result = soak("" if url == "embedded" else url, tasks)
            self.stdout.write(result.summary())
            if result.excerpt and options["verbosity"] > 1:
                self.stdout.write(f"first trouble in the worker log:\n{result.excerpt}")
            if result.crashes or result.lost:
                failed.append(result.broker)
        if failed:
            raise CommandError(f"crashes or lost tasks on: {', '.join(failed)}")
