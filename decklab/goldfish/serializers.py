"""Shapes of the simulation API: what a request may hold, how a run reads back.

Serializers check shape only (the goals' shapes, types and sizes too: `goldfish.clean_goals`); the
limits, the deck and the goals against it are checked by `services.simulation_request`.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards.decklists import validate_decklist_size
from cards.games.goldfish import (
    ADAPTIVE_MAX_TRIALS,
    DEFAULT_TRIALS,
    MAX_GOALS,
    MAX_SEED,
    GoalError,
    clean_goals,
)
from cards.languages import translated
from cards.links import absolute
from cards.models import validate_game
from decklab.goldfish.models import SimulationRun


class SimulationRequestSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=32, validators=[validate_game])
    format = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, max_length=32, default=None
    )
    decklist = serializers.CharField(trim_whitespace=False, validators=[validate_decklist_size])
    goals = serializers.ListField(
        child=serializers.DictField(),
        min_length=1,
        max_length=MAX_GOALS,
        error_messages={
            "min_length": gettext_lazy("Give at least one goal."),
            "max_length": gettext_lazy("Give at most {max_length} goals."),
        },
    )
    trials = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Games to play (the most, when adaptive); default 100,000, or 1,000,000 adaptive.",
    )
    seed = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_SEED, default=None
    )
    adaptive = serializers.BooleanField(
        default=False,
        help_text="Stop at the first chunk where every 95% half-width is at most 0.25 points.",
    )

    def validate_format(self, value: str | None) -> str | None:
        return value or None

    def validate(self, attrs: dict) -> dict:
        # Shapes, types and sizes of the goals, before anything is planned (issue 22, finding 7).
        try:
            clean_goals(attrs["game"], attrs["goals"])
        except GoalError as error:
            raise serializers.ValidationError({"goals": [translated(error.text)]}) from None
        if attrs["trials"] is None:
            attrs["trials"] = ADAPTIVE_MAX_TRIALS if attrs["adaptive"] else DEFAULT_TRIALS
        return attrs


class MissingFactSerializer(serializers.Serializer):
    goal = serializers.IntegerField(help_text="The goal's place in `goals`, from 0.")
    fact = serializers.CharField(
        help_text="The card column it lacks: `speed`, `hp`, `energy_cost` …"
    )
    label = serializers.CharField(help_text="The fact in words, in the request's language.")
    stand_in = serializers.CharField(
        help_text="What the engine used for a card without it, in the request's language."
    )
    cards = serializers.ListField(
        child=serializers.CharField(), help_text="The cards without it: number and name."
    )


class SimulationRunSerializer(serializers.ModelSerializer):
    url = serializers.SerializerMethodField(help_text="This run in the API.")
    page = serializers.SerializerMethodField(help_text="This run's page on the site.")
    progress = serializers.FloatField(read_only=True, help_text="Share of chunks done, 0 to 1.")
    results = serializers.JSONField(
        read_only=True, help_text="The CONTRACT §5 object once the run is done, else null."
    )
    missing_facts = serializers.SerializerMethodField(
        help_text=(
            "Card facts a goal read that some of its cards lack (the same entries as each "
            "result's `missing_facts`): its numbers rest on the stand-in named. Empty when every "
            "goal read every fact it needs; a goal none of whose cards has a fact is refused."
        )
    )
    error = serializers.CharField(
        source="failure",
        read_only=True,
        help_text="Why the run failed, in the request's language (Accept-Language); else empty.",
    )

    class Meta:
        model = SimulationRun
        fields = [
            "id",
            "url",
            "page",
            "game",
            "format",
            "status",
            "progress",
            "chunks_done",
            "chunks_total",
            "trials",
            "adaptive",
            "seed",
            "goals",
            "decklist",
            "results",
            "missing_facts",
            "error",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    def get_url(self, run: SimulationRun) -> str:
        return absolute(reverse("goldfish_api:simulation", kwargs={"pk": run.pk}))

    def get_page(self, run: SimulationRun) -> str:
        return absolute(reverse("goldfish:run", kwargs={"pk": run.pk}))

    @extend_schema_field(MissingFactSerializer(many=True))
    def get_missing_facts(self, run: SimulationRun) -> list[dict]:
        results = (run.results or {}).get("results", [])
        return [
            {
                **gap,
                "goal": place,
                "label": gettext(gap["label"]),
                "stand_in": gettext(gap["stand_in"]),
            }
            for place, result in enumerate(results)
            for gap in result.get("missing_facts", ())
        ]


class RefusalSerializer(serializers.Serializer):
    detail = serializers.CharField(help_text="Why the run was not started, for the user.")


class PublicGoalSerializer(serializers.Serializer):
    """One default goal of a public deck's goldfish numbers (docs/discovery-goldfish.md)."""

    goal = serializers.JSONField(help_text="The goal as run, every field (CONTRACT §5).")
    value = serializers.FloatField(
        allow_null=True,
        help_text="The goal's key number: its exact value where the engine has one, else the "
        "estimate of its first measure (a probability, or a mean). Null when refused.",
    )
    exact = serializers.BooleanField(help_text="Whether `value` is the exact answer.")
    ci95 = serializers.ListField(
        child=serializers.FloatField(),
        allow_null=True,
        help_text="The estimate's 95% interval (null for an exact value).",
    )
    format_average = serializers.FloatField(
        allow_null=True,
        help_text="The mean of this goal's key number over the format's public decks with "
        "numbers for their current cards; null when the goal read incomplete card data.",
    )
    format_decks = serializers.IntegerField(help_text="How many decks `format_average` is over.")
    missing_facts = serializers.JSONField(
        help_text="The card facts the goal read that some cards lack, as a run's results say; "
        "such a number stands on stand-ins and is left out of every average."
    )
    refused = serializers.CharField(
        allow_blank=True, help_text="Why the goal cannot run on this deck (then no value)."
    )


class PublicGoldfishSerializer(serializers.Serializer):
    """A public deck's goldfish numbers for its game's default goals, run once per version."""

    status = serializers.ChoiceField(
        choices=["pending", "done", "failed"],
        help_text="`pending` while the run goes (read again later).",
    )
    trials = serializers.IntegerField(help_text="Games per goal (0 while pending).")
    failure = serializers.CharField(allow_blank=True, help_text="Why the run failed.")
    goals = PublicGoalSerializer(many=True)
