"""Card revisions (the history of every card) and players' proposals."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from cards.games.registry import UnknownGame, get_game
from cards.models import Card, Source

#: The permission of the "card editors" group (created by a data migration).
REVIEW_PERMISSION = "community.review_proposal"
EDITORS_GROUP = "card editors"


def editors_group() -> Group:
    """The "card editors" group with its permission (made by migration 0002; made again here
    when a database was emptied since, as `flush` and transactional tests do)."""
    group, _created = Group.objects.get_or_create(name=EDITORS_GROUP)
    app_label, codename = REVIEW_PERMISSION.split(".")
    group.permissions.add(
        Permission.objects.get(content_type__app_label=app_label, codename=codename)
    )
    return group


def validate_game(slug: str) -> None:
    """A game column holds a slug of the registry (not `choices=`: games come and go there)."""
    try:
        get_game(slug)
    except UnknownGame:
        raise ValidationError(_("%(slug)s is not a game"), params={"slug": slug}) from None


class CardRevision(models.Model):
    """One state of a card: `row` is the whole card as CONTRACT §2 columns (what `import_cards`
    reads) plus `text` and `image`; `changes` the field diff to the previous revision."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="revisions")
    #: 1, 2, … per card.
    sequence = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source = models.CharField(max_length=16, choices=Source.choices)
    #: The file name of an import, the reason of a revert, …
    note = models.CharField(max_length=255, blank=True)
    proposal = models.ForeignKey(
        "Proposal", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reverted_to = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    row = models.JSONField(default=dict)
    #: {column: [before, after]}; every column for a card's first revision (before = null).
    changes = models.JSONField(default=dict)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["card", "sequence"], name="revision_unique_sequence")
        ]
        ordering = ["card", "-sequence"]

    def __str__(self) -> str:
        return f"{self.card} #{self.sequence}"


class Proposal(models.Model):
    """A player's new card or correction, waiting for (or decided by) a card editor."""

    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for review")
        APPROVED = "approved", _("approved")
        REJECTED = "rejected", _("rejected")

    game = models.CharField(max_length=32, validators=[validate_game])
    number = models.CharField(max_length=64)
    #: The card this corrects; empty for a new card.
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="proposals"
    )
    #: The card's latest revision when the proposal was made: a later one makes it outdated.
    base_revision = models.ForeignKey(
        CardRevision, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_proposals"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    #: The card as CONTRACT §2 columns, checked by the game's `Schema.from_row`.
    row = models.JSONField(default=dict)
    text = models.TextField(blank=True)
    #: Checked and re-encoded on upload (`cards.faces.checked_png`).
    image = models.ImageField(upload_to="proposals/", blank=True)
    source_note = models.CharField(max_length=500, blank=True)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    #: Why an editor rejected it (shown to the proposer), or what they changed.
    reason = models.TextField(blank=True)
    revision = models.ForeignKey(
        CardRevision, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]
        permissions = [("review_proposal", "Can review card proposals and revert card revisions")]
        indexes = [models.Index(fields=["proposer", "status"], name="proposal_proposer_status")]

    def __str__(self) -> str:
        return f"{self.game} {self.number} ({self.status})"
