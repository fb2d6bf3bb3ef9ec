"""A player's cards of one game ("My cards"): quantities per card, wants, and the decks built from it.

A row is one stored card (`cards.Card.number`: a DBSCG `_PR` print is read as its base card, as
decklists fold it). `identity` is `GAME.identity(card)` (CONTRACT §2 "Card identity"), so that
Gundam War reprints under other numbers count as one card for building: every count of owned and
needed cards is summed by identity, never by number.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cards.models import game_field

#: The most copies of one card a collection row holds: a typo (an extra zero or ten) is refused.
MAX_QUANTITY = 9999


def new_share_code() -> str:
    return secrets.token_urlsafe(12)


class Collection(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collections"
    )
    game = game_field()
    #: The unlisted link (`/collection/shared/<code>`); None: private, the default.
    share_code = models.CharField(max_length=32, null=True, blank=True, unique=True)
    #: Opt-in: the surplus is listed to signed-in players looking for a card.
    trades = models.BooleanField(default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("collection")
        verbose_name_plural = _("collections")
        constraints = [
            models.UniqueConstraint(fields=["owner", "game"], name="collection_one_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.owner_id}:{self.game}"


class CollectionCard(models.Model):
    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="cards")
    number = models.CharField(max_length=64)
    #: `GAME.identity` of the card: what building counts.
    identity = models.CharField(max_length=255)
    quantity = models.PositiveIntegerField(default=0)
    #: How many more the player wants (the wishlist).
    wanted = models.PositiveIntegerField(default=0)
    #: Copies offered for trades, as the player set them (fewer or more than the surplus, at most
    #: those owned); None: the surplus beyond reserved copies and a playset, as counted.
    offered = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(
                fields=["collection", "number"], name="collectioncard_unique_number"
            )
        ]
        indexes = [models.Index(fields=["collection", "identity"], name="collectioncard_identity")]

    def __str__(self) -> str:
        return f"{self.quantity} {self.number}"


class BuiltDeck(models.Model):
    """A deck the player has built from the collection: its cards are reserved, not free."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="built")
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["collection", "deck"], name="builtdeck_unique")
        ]

    def __str__(self) -> str:
        return f"{self.collection_id}:{self.deck_id}"


class DeckNeeds(models.Model):
    """How many copies a saved deck needs in all (every zone of its current version): the
    materialised side of "Decks I can build", written with the deck's cards (docs/collections.md)."""

    deck = models.OneToOneField(
        "decks.Deck", on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    total = models.PositiveIntegerField()
    #: When the needs were last written: collections' `Reach` recounts the decks saved since.
    saved_at = models.DateTimeField(default=timezone.now, db_index=True)

    def __str__(self) -> str:
        return f"{self.deck_id}: {self.total}"


class DeckNeed(models.Model):
    """The copies of one card identity a saved deck needs, all zones and prints summed."""

    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")
    identity = models.CharField(max_length=255)
    count = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deck", "identity"], name="deckneed_unique_identity")
        ]
        # The join from a collection's identities reads only this index (PostgreSQL: covering).
        indexes = [
            models.Index(fields=["identity"], include=["deck", "count"], name="deckneed_identity")
        ]

    def __str__(self) -> str:
        return f"{self.deck_id}: {self.count} {self.identity}"


class Reach(models.Model):
    """What one deck misses from one collection (free copies, by identity): the materialised
    answer of "Decks I can build", recounted by `reach.reach_refresh` (docs/collections.md)."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")
    missing = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["collection", "deck"], name="reach_unique_deck")
        ]
        indexes = [models.Index(fields=["collection", "missing", "deck"], name="reach_within")]

    def __str__(self) -> str:
        return f"{self.collection_id}:{self.deck_id} −{self.missing}"


class ReachState(models.Model):
    """When a collection's `Reach` rows were last brought up to date."""

    collection = models.OneToOneField(
        Collection, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    counted_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.collection_id}: {self.counted_at}"


class ReachDirty(models.Model):
    """A card identity whose free copies changed in a collection since its `Reach` was counted
    (`*`: anything may have): the next count recounts the decks that need it."""

    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="+")
    identity = models.CharField(max_length=255)

    def __str__(self) -> str:
        return f"{self.collection_id}: {self.identity}"
