"""Import every card file DeckLab ships (`cards/data/`), idempotently: run by `make run`/`make test`."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from cards.shipped import load_all


class Command(BaseCommand):
    help = "Import the shipped card data of all five games (writes only what changed)."

    def handle(self, *args, **options) -> None:
        for line in load_all():
            self.stdout.write(line)
