"""`python manage.py export_deck --game <slug> [--format <slug>] [--code] <file | ->`.

Prints a decklist in the canonical form of CONTRACT §3 (a header per non-empty zone, then
`N NUMBER NAME` by number), or with `--code` its deck code (`cards.games.deckcode`). Lines that
cannot be exported (unknown cards, syntax) are named on stderr and make the exit status 1;
2 means the command could not run, as for `validate_deck`.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandParser

from cards.games import deckcode, decklist
from cards.games.registry import GAMES, get_game
from cards.management.commands.validate_deck import NOT_LEGAL, could_not_run, read_decklist
from cards.validation import load_deck


class Command(BaseCommand):
    help = "Print a decklist in canonical form, or its deck code (--code)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, help=f"game slug: {', '.join(GAMES)}")
        parser.add_argument(
            "--format", dest="format_slug", help="format slug stored in the code (default: first)"
        )
        parser.add_argument("--code", action="store_true", help="print the deck code instead")
        parser.add_argument("file", help="a decklist file, or - for standard input")

    def handle(
        self,
        *args: object,
        game: str,
        format_slug: str | None,
        code: bool,
        file: str,
        **options: object,
    ) -> None:
        text = read_decklist(file)
        with could_not_run():
            found = get_game(game)
            found.format(format_slug)
            deck, problems = load_deck(found.slug, text)
        if code:
            self.stdout.write(deckcode.encode(found.slug, format_slug, deck.quantities()))
        else:
            self.stdout.write(decklist.export(found, deck), ending="")
        for problem in problems:
            self.stderr.write(f"{file}: not exported: {problem.message()}")
        if problems:
            sys.exit(NOT_LEGAL)
