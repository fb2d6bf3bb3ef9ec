"""`python manage.py reindex_cards [game …]`: rebuild every stored card's derived columns.

The number key, the search columns, the folded text and the name keys are derived from a card's
facts by live code (`cards.writes.reindex`); when that code changes, cards already stored keep the
old values until this runs. Idempotent: it writes only what differs. `make setup` runs it when the
code it depends on changed (deploy/run.py), and the deployment runs it after `migrate`.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards import writes
from cards.games.registry import GAMES
from cards.models import Card


class Command(BaseCommand):
    help = "Rebuild the derived columns and name keys of stored cards (writes only what differs)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="*", metavar="game", help="default: every game")

    def handle(self, *args, games: list[str], **options) -> None:
        unknown = sorted(set(games) - set(GAMES))
        if unknown:
            raise CommandError(f"unknown games: {', '.join(unknown)} (known: {', '.join(GAMES)})")
        stored = set(Card.objects.values_list("game", flat=True).distinct())
        # A game no longer registered keeps its cards as they are: no code derives its columns.
        for game in games or sorted(stored & set(GAMES)):
            changed = writes.reindex(game)
            if options["verbosity"]:
                self.stdout.write(f"{game}: {changed} cards reindexed")
