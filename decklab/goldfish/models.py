"""Simulation runs: the row is the state of a run; Celery tasks only carry its id.

A run is split into chunks of a fixed size (`cards.games.goldfish.chunk_sizes`); tasks claim several
at a time, and each finished chunk stores its tallies in a `SimulationChunk` row, so a chunk computed
twice (a re-queued stale run) is written once, and the last store merges all of them into the results.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from cards.games.messages import Text
from cards.languages import translated
from cards.models import game_field


class SimulationRun(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", _("queued")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    #: Who asked; null for runs started by the operator's tools (the benchmark, the admin).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="simulation_runs",
    )
    game = game_field()
    format = models.CharField(max_length=32)
    decklist = models.TextField()
    goals = models.JSONField()
    seed = models.BigIntegerField()
    #: With `adaptive`, `trials` is the most games: the run stops at the first chunk where every
    #: proportion's 95% half-width is at most 0.25 points (as `goldfish.run(adaptive=True)`).
    trials = models.BigIntegerField()
    adaptive = models.BooleanField(default=False)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.QUEUED)
    chunks_total = models.PositiveIntegerField()
    chunks_done = models.PositiveIntegerField(default=0)
    #: The CONTRACT §5 object once done.
    results = models.JSONField(null=True, blank=True)
    #: Why a run failed, in English words (runs that failed before `error_text` have only these).
    error = models.TextField(blank=True)
    #: The same reason as a text to translate (`messages.Text.to_json`): `failure` shows it in the
    #: reader's language.
    error_text = models.JSONField(null=True, blank=True)
    #: How often the stale-run check has handed the missing chunks out again; also the generation
    #: of the run's tasks (a task of an older generation skips itself).
    requeues = models.PositiveIntegerField(default=0)
    #: The first chunk no task has claimed yet (tasks claim chunks from here, in index order).
    next_chunk = models.PositiveIntegerField(default=0)
    #: Tasks of this generation sent and not yet finished (the fair queue's per-account quota).
    tasks_in_flight = models.PositiveIntegerField(default=0)
    #: Tasks that started (a worker took them) and have not stored yet: a run is stale only when
    #: one of these went silent, never while its tasks wait in the broker behind others' tasks.
    tasks_running = models.PositiveIntegerField(default=0)
    #: Set while the broker refuses this run's tasks: the run waits and is sent when it is back.
    queue_unreachable_since = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    #: Last sign of life: queued, a task started, a chunk claimed or stored, re-queued.
    heartbeat_at = models.DateTimeField()

    class Meta:
        verbose_name = _("simulation run")
        verbose_name_plural = _("simulation runs")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["owner", "status"], name="run_owner_status"),
            models.Index(fields=["owner", "created_at"], name="run_owner_created"),
            models.Index(fields=["status", "heartbeat_at"], name="run_status_heartbeat"),
        ]

    def __str__(self) -> str:
        return f"run {self.pk} ({self.game}, {self.trials} games, {self.status})"

    @property
    def finished(self) -> bool:
        return self.status in {self.Status.DONE, self.Status.FAILED}

    @property
    def failure(self) -> str:
        """Why the run failed, in the active language (the English words for older runs)."""
        if self.error_text:
            return translated(Text.from_json(self.error_text))
        return self.error

    @property
    def progress(self) -> float:
        """The share of chunks finished, 0 to 1 (1 once done)."""
        if self.status == self.Status.DONE:
            return 1.0
        return self.chunks_done / self.chunks_total if self.chunks_total else 0.0

    def games_played(self) -> int:
        """Games finished so far: the stored chunks' games (the results' count once done)."""
        if self.status == self.Status.DONE and self.results:
            return int(self.results.get("trials", self.trials))
        return int(self.chunks.aggregate(games=Sum("trials"))["games"] or 0)


class SimulationChunk(models.Model):
    """One finished chunk: its games' tallies, one per goal (`Tally.to_dict()`)."""

    run = models.ForeignKey(SimulationRun, on_delete=models.CASCADE, related_name="chunks")
    index = models.PositiveIntegerField()
    trials = models.PositiveIntegerField()
    tallies = models.JSONField()
    elapsed_s = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["run", "index"]
        constraints = [
            models.UniqueConstraint(fields=["run", "index"], name="chunk_unique_index_per_run")
        ]

    def __str__(self) -> str:
        return f"run {self.run_id} chunk {self.index}"


class PublicNumbers(models.Model):
    """The goldfish numbers of a public deck's current cards (docs/discovery-goldfish.md).

    One row per deck, replaced when the deck's cards or format change: `source` says what the
    numbers were computed from, so the same cards are never run twice and a changed deck supersedes
    its old run. Private and unlisted decks have no row (it is deleted when a deck leaves public).
    """

    deck = models.OneToOneField(
        "decks.Deck", on_delete=models.CASCADE, related_name="public_numbers"
    )
    #: A hash of the game, format, decklist and goals the run was asked for.
    source = models.CharField(max_length=64)
    #: The deck's revision and format when the row was last checked against its cards: a row
    #: whose deck has moved on is neither shown nor counted in the format's average.
    revision = models.PositiveIntegerField()
    format = models.CharField(max_length=64)
    run = models.ForeignKey(
        SimulationRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The default goals, one entry each: `key` (the goal without its cards, what the average
    #: groups by), `goal` (cleaned), and `refused` (a text to translate) for a goal that cannot run.
    goals = models.JSONField(default=list)
    #: Once the run is done: per goal of `goals`, its key number (`value`, `percent`, `exact`,
    #: `low`, `high`, the measure's `label`) and the card facts it lacked (`missing`).
    numbers = models.JSONField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("public deck numbers")
        verbose_name_plural = _("public deck numbers")

    def __str__(self) -> str:
        return f"numbers of deck {self.deck_id} r{self.revision}"


class PublicGoalNumber(models.Model):
    """One goal's key number of a public deck, as the format's average reads it: a narrow row per
    goal, so the average is one SQL aggregate instead of reading every deck's JSON. Only numbers
    that read every card fact they need are written (the others stand on stand-ins)."""

    numbers = models.ForeignKey(
        PublicNumbers, on_delete=models.CASCADE, related_name="goal_numbers"
    )
    #: The goal without the cards it names (`public.goal_key`).
    key = models.TextField()
    value = models.FloatField()

    def __str__(self) -> str:
        return f"{self.key}: {self.value}"
