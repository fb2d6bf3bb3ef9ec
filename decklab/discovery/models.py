"""Discovery's own rows: the facts of each public deck that search and the meta filter on, and the
players' likes, tags and views.

`DeckFacts` is materialised when a public deck is saved (`facts.facts_refresh`, from a `Deck`
post-save receiver): the archetype key and colours (the game's `GAME.archetype`), the legality in
its format, the date of its cards and the popularity, so that a search is one indexed scan of one
table joined to its deck by primary key, and never loads a decklist. Visibility is always read from
the deck itself (`Deck.visibility`), never from these rows: a deck made private vanishes from
every surface at once, whatever its facts say (docs/discovery.md).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.models import game_field
from decklab.decks.models import Deck
from decklab.discovery import popularity


class DeckFacts(models.Model):
    deck = models.OneToOneField(
        Deck, primary_key=True, on_delete=models.CASCADE, related_name="facts"
    )
    game = game_field()
    format = models.CharField(max_length=64)
    #: `Archetype.key` of the game (a leader's number, a caster pair, a colour set …).
    archetype = models.CharField(max_length=200, blank=True)
    archetype_label = models.CharField(max_length=300, blank=True)
    #: The archetype's colours in the game's order, written `/赤/青/` so that one colour is a
    #: `contains` match.
    colours = models.CharField(max_length=120, blank=True)
    #: Legal in its format when its cards were last saved (or the facts last rebuilt).
    legal = models.BooleanField(default=False)
    #: The first date at which its cards existed and its format was usable, by the game's dates
    #: (`cards.games.dates.legal_from`); None: nothing dated limits it (or the game has no dates).
    #: Legal at a date D ⇔ `legal` and (`legal_from` is None or ≤ D): the search's `legal_at`.
    legal_from = models.DateField(null=True, blank=True)
    #: When its cards last changed: the date the search's range and the meta's periods read.
    dated = models.DateTimeField()
    cards = models.PositiveIntegerField(default=0)
    likes = models.PositiveIntegerField(default=0)
    views = models.PositiveIntegerField(default=0)
    #: log2 of Σ 2^((liked_at − EPOCH) / HALF_LIFE) over the likes (`popularity.py`), NO_LIKES
    #: without. Ordering by it is ordering by today's decayed score; it changes only on a like.
    hot = models.FloatField(default=popularity.NO_LIKES)
    #: Best final place of the deck at a finished public event; None: none.
    best_place = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("deck facts")
        verbose_name_plural = _("deck facts")
        indexes = [
            models.Index(fields=["game", "format", "-dated"], name="facts_newest"),
            models.Index(fields=["game", "format", "archetype", "-dated"], name="facts_archetype"),
            # The search's sorts, as it orders them (`search._ordered`).
            models.Index(fields=["game", "-hot", "-dated"], name="facts_popular"),
            models.Index(fields=["game", "-dated"], name="facts_dated"),
            models.Index(fields=["game", "-views", "-dated"], name="facts_viewed"),
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} {self.archetype}"

    @property
    def colour_list(self) -> list[str]:
        return [colour for colour in self.colours.split("/") if colour]


class PublicCard(models.Model):
    """One card of a public deck's current cards, copies summed over its zones, with the deck's
    game, format and date beside it: the meta's most included cards and the similar decks' card
    index read these narrow rows alone, never every `DeckCard` row joined to its facts.

    Written with the deck's facts (`facts.facts_refresh`), deleted when the deck leaves public
    (`facts.facts_withdraw`) or is deleted (cascade), so only public decks have rows; readers still
    check the deck's own visibility where they show a deck (docs/discovery.md).
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="+")
    game = game_field()
    format = models.CharField(max_length=64)
    #: `DeckFacts.dated` of the deck.
    dated = models.DateTimeField()
    number = models.CharField(max_length=64)
    copies = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("public deck card")
        verbose_name_plural = _("public deck cards")
        constraints = [models.UniqueConstraint(fields=["deck", "number"], name="public_card_once")]
        indexes = [
            # The meta's period: one range of one format, the columns it sums carried along.
            models.Index(
                fields=["game", "format", "dated"],
                include=["number", "copies"],
                name="public_card_dated",
            ),
            # The similar decks' candidates: the decks holding any of a deck's cards.
            models.Index(
                fields=["game", "number"], include=["deck", "copies"], name="public_card_number"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deck_id}: {self.copies} {self.number}"


class Like(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="likes")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "deck"], name="like_once")]

    def __str__(self) -> str:
        return f"{self.user_id} ♥ {self.deck_id}"


class DeckTag(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    #: Lower case, no spaces (`tags.tag_of`).
    name = models.CharField(max_length=32)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["deck", "name"], name="tag_once")]
        indexes = [models.Index(fields=["name"], name="tag_name")]

    def __str__(self) -> str:
        return self.name
