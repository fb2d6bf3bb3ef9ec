"""Events (RULES.md §6): the event, its registrations, their frozen lists, rounds and tables.

Pairing and standings are computed by the pure `cards.games.events`; these rows only keep what
happened. A `LockedList` is written once and never changed: the database itself refuses an update
(a trigger on SQLite and PostgreSQL, migration 0002), so no later code path can alter a list that
was played.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from cards.models import game_field


class Status(models.TextChoices):
    REGISTRATION = "registration", _("Registration open")
    LOCKED = "locked", _("Lists locked")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class ListVisibility(models.TextChoices):
    PRIVATE = "private", _("Private: only the organiser")
    OPPONENTS = "opponents", _("Opponents, once paired")
    PUBLIC = "public", _("Public after the event")


class ListState(models.TextChoices):
    """A registration's list as players and organisers call it (未提出 / 提出済み / ロック中 / 公開中)."""

    NOT_SUBMITTED = "not_submitted", _("Not submitted")
    SUBMITTED = "submitted", _("Submitted")
    LOCKED = "locked", _("Locked")
    PUBLISHED = "published", _("Published")


TOP_CUT_CHOICES = [(0, _("No top cut")), (4, _("Top 4")), (8, _("Top 8"))]


class Event(models.Model):
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_events"
    )
    game = game_field()
    #: The format slug; lists are checked by the format as it stood at `date` (RULES.md §6.1).
    format = models.CharField(max_length=64)
    name = models.CharField(max_length=120)
    date = models.DateField()
    place = models.CharField(max_length=200, blank=True)
    #: Players beyond it wait; None: no limit.
    capacity = models.PositiveIntegerField(null=True, blank=True)
    #: Lists lock at this time (the first request after it locks them); None: by hand only.
    deadline = models.DateTimeField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(choices=TOP_CUT_CHOICES, default=0)
    visibility = models.CharField(
        max_length=16, choices=ListVisibility.choices, default=ListVisibility.PUBLIC
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.REGISTRATION)
    #: Swiss rounds; None until the first round, then ⌈log2(players)⌉ unless set.
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Seeds round 1's random pairing (kept, so a round can be explained).
    seed = models.BigIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(top_cut__in=[0, 4, 8]), name="event_top_cut")
        ]

    def __str__(self) -> str:
        return self.name

    def seated(self) -> int:
        """Registrations with a seat (the waiting list left out): the API's `players`."""
        return self.registrations.filter(waiting=False).count()

    def page_url(self) -> str:
        """The event's page: the API's `url`."""
        return reverse("events:detail", args=[self.pk])


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="registrations"
    )
    #: The deck registered, if it came from one (its cards are copied into `decklist`).
    deck = models.ForeignKey(
        "decks.Deck", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The registered list in canonical text (CONTRACT §3); empty: not submitted yet.
    decklist = models.TextField(blank=True)
    zones = models.JSONField(default=dict)
    #: Beyond the event's capacity: plays only if a seat frees before the lock.
    waiting = models.BooleanField(default=False)
    dropped = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="registration_once")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event_id}"


class LockedList(models.Model):
    """A registration's list at the lock: written once; the database refuses any update."""

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="locked"
    )
    decklist = models.TextField()
    zones = models.JSONField()
    #: sha256 of `decklist` (hex): what a printed sheet or an export can be checked against.
    hash = models.CharField(max_length=64)
    locked_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.hash[:12]


class Round(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        TOP = "top", _("Top cut")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.SWISS)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once")
        ]

    def __str__(self) -> str:
        return f"{self.event_id} R{self.number}"


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    #: None: the bye.
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    first_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    second_wins = models.PositiveSmallIntegerField(null=True, blank=True)
    draws = models.PositiveSmallIntegerField(null=True, blank=True)
    #: Who entered the result; the organiser's entry cannot be changed by a player.
    reported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once")
        ]

    def __str__(self) -> str:
        return f"{self.round} T{self.number}"

    @property
    def games(self) -> tuple[int, int, int] | None:
        if self.first_wins is None or self.second_wins is None or self.draws is None:
            return None
        return (self.first_wins, self.second_wins, self.draws)

    @property
    def done(self) -> bool:
        return self.second_id is None or self.games is not None
