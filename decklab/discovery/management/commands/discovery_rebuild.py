"""Rebuild the discovery facts of every public deck (after migrating, or new card data or rules)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from decklab.discovery.facts import facts_rebuild


class Command(BaseCommand):
    help = (
        "Rebuild archetypes, colours, legality and likes of every public deck (docs/discovery.md)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default=None, help="only this game's decks")

    def handle(self, *args: Any, game: str | None = None, **options: Any) -> None:
        done = facts_rebuild(game=game)
        self.stdout.write(f"{done} public decks")
