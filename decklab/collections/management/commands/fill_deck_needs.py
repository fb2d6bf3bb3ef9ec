"""`python manage.py fill_deck_needs`: write the needs by identity of every saved deck that has
none yet (decks saved before the table existed), so that no player's first "Decks I can build"
waits for them. `--all` rewrites every deck's (after card identities changed, e.g. a reimport)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from decklab.collections.models import DeckNeeds
from decklab.collections.needs import needs_fill
from decklab.decks.models import Deck


class Command(BaseCommand):
    help = "Write the needs by card identity of the saved decks that have none (or, --all, every)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--all", action="store_true", help="rewrite every deck's needs")

    def handle(self, *args, **options) -> None:
        with transaction.atomic():
            if options["all"]:
                DeckNeeds.objects.all().delete()
            filled = needs_fill(Deck.objects.all())
        self.stdout.write(f"{filled} decks' needs written.")
