"""`python manage.py import_card_images <game> <folder>`: card images named by card number.

`BT1-001.png` becomes the image of BT1-001 (a `/` in a number, as Gundam War's `青/U-1`, is
written `_` in the file name: `青_U-1.png`). Each image is checked like a staff upload (size, type,
decompression bomb) and recorded as a card revision; unknown numbers and refused images are
listed, and the other images are still imported.
"""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cards import faces, writes
from cards.games.game import number_key
from cards.games.registry import GAMES
from cards.models import Card

SUFFIXES = {".png", ".jpg", ".jpeg", ".webp", ".gif"}


class Command(BaseCommand):
    help = "Import a folder of card images named by card number (checked like staff uploads)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=list(GAMES))
        parser.add_argument("folder")

    def handle(self, *args, game: str, folder: str, **options) -> None:
        root = Path(folder)
        if not root.is_dir():
            raise CommandError(f"{folder} is not a folder")
        cards = {
            key: card
            for card in Card.objects.filter(game=game)
            for key in {number_key(card.number), number_key(card.number.replace("/", "_"))}
        }
        stored = refused = 0
        for path in sorted(p for p in root.iterdir() if p.suffix.lower() in SUFFIXES):
            card = cards.get(number_key(path.stem))
            if card is None:
                self.stderr.write(f"{path.name}: no {game} card numbered {path.stem}")
                refused += 1
                continue
            if path.stat().st_size > faces.MAX_IMAGE_BYTES:
                self.stderr.write(f"{path.name}: larger than {faces.MAX_IMAGE_BYTES} bytes")
                refused += 1
                continue
            try:
                writes.card_image_store(
                    card=card, content=path.read_bytes(), author=None, note=path.name
                )
            except faces.ImageRejected as error:
                self.stderr.write(f"{path.name}: {error}")
                refused += 1
            else:
                stored += 1
        self.stdout.write(f"{game}: {stored} images imported, {refused} refused")
        if refused and not stored:
            raise SystemExit(1)
