"""`python manage.py import_cards <game> <file.csv|file.json>` (CONTRACT §2)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards.games.registry import GAMES
from cards.importers import ImportFailed, import_cards, import_set_decks


class Command(BaseCommand):
    help = "Load or update a game's cards from a CSV or JSON file (upsert by number)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=list(GAMES))
        parser.add_argument("file", nargs="?", help="a card file (.csv or .json)")
        parser.add_argument(
            "--set-decks", metavar="FILE", help="Blade Rondo: a JSON file of set decks"
        )

    def handle(self, *args, game: str, file: str | None, set_decks: str | None, **options) -> None:
        if not file and not set_decks:
            raise CommandError("give a card file, or --set-decks FILE")
        try:
            if file:
                report = import_cards(game, _read(file), Path(file).name)
                self.stdout.write(str(report))
            if set_decks:
                count = import_set_decks(game, _read(set_decks))
                self.stdout.write(f"{game}: {count} set decks imported")
        except ImportFailed as failure:
            for problem in failure.problems:
                self.stderr.write(f"{file or set_decks}: {problem}")
            self.stderr.write(f"{failure}")
            raise SystemExit(1) from None


def _read(name: str) -> bytes:
    try:
        return Path(name).read_bytes()
    except OSError as error:
        raise CommandError(f"cannot read {name}: {error.strerror}") from None
