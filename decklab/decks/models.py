"""Decks and their versions: history and revert come free, one `DeckVersion` per meaningful step.

A sitting's card operations gather in one draft version; "Save version" closes it (with a note).

A deck's current cards live in its latest version (`zones` = `{zone: {number: count}}`, the shape of
`cards.games.base.Deck.quantities()` and of deck codes). `DeckCard` mirrors the latest version one
row per card so that the public decks page can be searched by card with a plain index.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cards.games.messages import Text
from cards.languages import translated
from cards.models import game_field

#: Short-link alphabet: no 0/O or 1/l/I, so a code read aloud or retyped survives.
CODE_ALPHABET = "23456789abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class Visibility(models.TextChoices):
    PRIVATE = "private", _("Private: only you")
    UNLISTED = "unlisted", _("Unlisted: anyone with the link")
    PUBLIC = "public", _("Public: listed on the public decks page")


class Deck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = game_field()
    format = models.CharField(max_length=64)
    name = models.CharField(max_length=120)
    visibility = models.CharField(
        max_length=16, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    #: The `/d/<code>` short link.
    code = models.CharField(max_length=16, unique=True, default=new_code)
    #: The number of the latest version: a save must name it (two tabs never lose an update).
    version = models.PositiveIntegerField(default=0)
    #: Counts every change of the cards, a draft's operations included: an open draft keeps its
    #: number while a sitting extends it, so a whole-deck save names this too (never a lost update).
    revision = models.PositiveIntegerField(default=0)
    forked_from = models.ForeignKey(
        "DeckVersion", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        ordering = ["-updated_at", "-id"]
        indexes = [models.Index(fields=["game", "visibility", "-updated_at"], name="deck_public")]

    def __str__(self) -> str:
        return self.name


class DeckVersion(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    zones = models.JSONField(default=dict)
    #: What the save did, in a few English words ("import", "revert to v3", "+1 BT1-004"), or the
    #: player's note.
    note = models.CharField(max_length=200, blank=True)
    #: A note DeckLab wrote, as a text to translate (`notes`, `messages.Text.to_json`); None for
    #: the player's own note (and a set deck's name), shown as written.
    note_text = models.JSONField(null=True, blank=True)
    #: An open draft: the card operations of one sitting extend it in place until "Save version"
    #: closes it, or a whole-deck save or a pause longer than a sitting starts a new version.
    draft = models.BooleanField(default=False)
    #: How many card operations the version gathers (1 for a whole-deck save).
    changes = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    #: The last change of the version (a draft's sitting is measured from here).
    edited_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deckversion_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"

    @property
    def shown_note(self) -> str:
        """The note in the active language (DeckLab's notes), or as the player wrote it."""
        return translated(Text.from_json(self.note_text)) if self.note_text else self.note


class DeckCard(models.Model):
    """One card of a deck's latest version, for searching decks by card."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    zone = models.CharField(max_length=16)
    number = models.CharField(max_length=64)
    count = models.PositiveIntegerField()

    class Meta:
        indexes = [models.Index(fields=["number"], name="deckcard_number")]

    def __str__(self) -> str:
        return f"{self.count} {self.number}"
