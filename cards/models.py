"""Cards in the database: the facts of `cards.games.base.Card`, plus lookup and search fields."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.games import base
from cards.games.registry import GAMES, UnknownGame, get_game
from cards.languages import translated


def validate_game(slug: str) -> None:
    """A game slug the registry knows. A validator, not `choices=`: adding a game to the registry
    then needs no migration."""
    if slug not in GAMES:
        try:
            get_game(slug)
        except UnknownGame as error:
            raise ValidationError(translated(error.text)) from None


def game_field() -> models.CharField:
    """The `game` column of every model that belongs to one game."""
    return models.CharField(max_length=32, validators=[validate_game])


class Card(models.Model):
    game = game_field()
    number = models.CharField(max_length=64)
    name = models.CharField(max_length=255)
    type = models.CharField(max_length=32, blank=True)
    #: The contract columns, parsed (`Card.data` of the pure layer).
    data = models.JSONField(default=dict, blank=True)
    #: Columns the contract does not name, kept as given (e.g. a user's own effect texts).
    extra = models.JSONField(default=dict, blank=True)
    #: `game.number_key(number)`: how decklist references find the card.
    number_key = models.CharField(max_length=64, db_index=True)
    #: A staff upload, stored re-encoded and shrunk (`cards.faces.store_image`); shown instead of
    #: the generated face.
    image = models.ImageField(upload_to="cards/", blank=True)
    #: The card's printed text, entered by this site's users (never shipped with DeckLab);
    #: `text_folded` is the same folded (`cards.games.text.fold`) for the `text:` search.
    text = models.TextField(blank=True, default="")
    text_folded = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    # Search columns (`cards.search.index_columns`, filled by the importer): every query of the
    # card search language becomes filters on these, without reading the JSON.
    #: The number with its digit runs padded, so BT1-023 sorts before BT10-001.
    number_order = models.CharField(max_length=128, blank=True, default="")
    #: The number folded as its `number:` tag (`cards.search`): a free word's "start of the card
    #: number" is a prefix of it, which a B-tree serves (not the tags' trigram index, whose
    #: `|number:` trigrams are in every row).
    number_folded = models.TextField(blank=True, default="")
    #: `|name|other name|`, folded (NFKC, case, width, kana).
    name_folded = models.TextField(blank=True, default="")
    #: `|field:value|field:value|`, folded: colours, types, traits, keywords, set, number …
    tags = models.TextField(blank=True, default="")
    #: The game's main cost (energy, total, log cost) and power (power, BP), when a whole number.
    cost = models.IntegerField(null=True, blank=True)
    power = models.IntegerField(null=True, blank=True)
    #: The game's other numbers by search field (`{"combo": 10000}`): much less to read per row
    #: than `data`.
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="card_unique_number_per_game")
        ]
        indexes = [
            models.Index(fields=["game", "number_key"], name="card_game_number_key"),
            models.Index(fields=["game", "number_order"], name="card_game_number_order"),
            # `*_pattern_ops` (PostgreSQL; ignored elsewhere): LIKE 'prefix%' on any collation.
            models.Index(
                fields=["game", "number_folded"],
                name="card_game_number_folded",
                opclasses=["varchar_pattern_ops", "text_pattern_ops"],
            ),
            models.Index(fields=["game", "cost"], name="card_game_cost"),
            models.Index(fields=["game", "power"], name="card_game_power"),
            models.Index(fields=["game", "name"], name="card_game_name"),
            models.Index(fields=["game", "type"], name="card_game_type"),
        ]
        ordering = ["game", "number"]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    def to_game_card(self) -> base.Card:
        return to_game_card(self.number, self.name, self.type, self.data, self.extra)


def to_game_card(number: str, name: str, type: str, data: dict, extra: dict) -> base.Card:
    """Rebuild the pure-layer card; JSON gave lists back where the schema made tuples."""
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
    return base.Card(number=number, name=name, type=type, data=values, extra=extra)


class Source(models.TextChoices):
    """Why a card was written (`cards.writes`): what its revision says."""

    IMPORT = "import", _("card file import")
    PROPOSAL = "proposal", _("approved proposal")
    REVERT = "revert", _("revert")
    IMAGE = "image", _("image upload")


class CardName(models.Model):
    """One folded name under which a decklist may name the card (`Game.name_keys`)."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="name_keys")
    game = game_field()
    key = models.CharField(max_length=255)

    class Meta:
        indexes = [models.Index(fields=["game", "key"], name="cardname_game_key")]

    def __str__(self) -> str:
        return f"{self.game}:{self.key}"


class GameData(models.Model):
    """Importable game data that is not cards, by key (Blade Rondo's `set_decks`)."""

    game = game_field()
    key = models.CharField(max_length=64)
    value = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="gamedata_unique_key_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.game}:{self.key}"


class SearchTag(models.Model):
    """Every `field:value` search tag some card of a game has had (PostgreSQL only).

    The card search's `field:value` means "the value inside one of this field's tags"; a trigram
    index cannot serve short values (`set:EX`), so on PostgreSQL the search looks the value up in
    this small vocabulary and asks the GIN index of `Card.tags` (as an array) for cards with any of
    the tags found (`cards.search`). Triggers on the card table add the tags of every inserted or
    updated card, whatever writes it (migration 0009); tags of deleted cards stay, which is harmless:
    a tag no card has finds no card. Not managed by Django: SQLite has neither the triggers nor
    the array index, and searches `Card.tags` directly.
    """

    pk = models.CompositePrimaryKey("game", "tag")
    game = game_field()
    tag = models.TextField()

    class Meta:
        managed = False
        db_table = "cards_searchtag"

    def __str__(self) -> str:
        return f"{self.game}:{self.tag}"


class CardImport(models.Model):
    """A staff card-file upload, imported by a Celery task (`cards.uploads`): its page shows how far
    it got. A large file's import took over three minutes in one web request (issue 22 finding 8)."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("importing")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    game = game_field()
    #: `cards` (a card file) or `set_decks` (`cards.forms.SET_DECKS`).
    kind = models.CharField(max_length=16)
    filename = models.CharField(max_length=255)
    content = models.BinaryField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    #: The import's report once done (`ImportReport`, or the set decks' count).
    summary = models.TextField(blank=True)
    #: Why it failed: `[line, column, message]` for each problem (line 0: the whole file).
    problems = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.game}, {self.status})"

    @property
    def finished(self) -> bool:
        return self.status in {self.Status.DONE, self.Status.FAILED}
