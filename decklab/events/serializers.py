"""Event API shapes (CONTRACT §7). Serializers check the shape only; services decide the rest."""

from __future__ import annotations

from rest_framework import serializers

from cards.decklists import validate_decklist_size
from cards.games.registry import GAMES
from decklab.events.models import TOP_CUT_CHOICES, Event, ListState, ListVisibility
from decklab.events.services import MAX_CAPACITY

#: Percentages of the standings are fractions with this many decimals (CONTRACT §7).
PLACES = 4


class EventCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=list(GAMES))
    format = serializers.CharField(required=False, allow_blank=True, max_length=64)
    name = serializers.CharField(max_length=120)
    date = serializers.DateField()
    place = serializers.CharField(required=False, allow_blank=True, max_length=200, default="")
    capacity = serializers.IntegerField(
        required=False, allow_null=True, min_value=2, max_value=MAX_CAPACITY, default=None
    )
    deadline = serializers.DateTimeField(required=False, allow_null=True, default=None)
    top_cut = serializers.ChoiceField(choices=[c for c, _ in TOP_CUT_CHOICES], default=0)
    visibility = serializers.ChoiceField(
        choices=ListVisibility.choices, default=ListVisibility.PUBLIC
    )


class EventSerializer(serializers.ModelSerializer):
    organiser = serializers.CharField(source="organiser.get_username", read_only=True)
    players = serializers.IntegerField(
        source="seated", read_only=True, help_text="Seated registrations."
    )
    url = serializers.CharField(source="page_url", read_only=True, help_text="The event's page.")

    class Meta:
        model = Event
        fields = (
            "id",
            "game",
            "format",
            "name",
            "date",
            "place",
            "capacity",
            "deadline",
            "top_cut",
            "visibility",
            "status",
            "swiss_rounds",
            "organiser",
            "players",
            "url",
        )
        read_only_fields = fields


class RegistrationCreateSerializer(serializers.Serializer):
    deck = serializers.IntegerField(required=False, help_text="The id of one of your decks.")
    decklist = serializers.CharField(
        required=False, validators=[validate_decklist_size], help_text="A decklist (CONTRACT §3)."
    )

    def validate(self, attrs: dict) -> dict:
        if ("deck" in attrs) == ("decklist" in attrs):
            raise serializers.ValidationError("Give either `deck` or `decklist`.")
        return attrs


class RegistrationResultSerializer(serializers.Serializer):
    player = serializers.CharField()
    legal = serializers.BooleanField()
    violations = serializers.ListField(child=serializers.DictField(), help_text="CONTRACT §4.")
    state = serializers.ChoiceField(choices=ListState.choices)
    waiting = serializers.BooleanField()


class RefusedListSerializer(serializers.Serializer):
    """A refusal: `detail`, and for an illegal list the player, `legal` false and the violations."""

    detail = serializers.CharField()
    player = serializers.CharField(required=False)
    legal = serializers.BooleanField(required=False)
    violations = serializers.ListField(
        child=serializers.DictField(), required=False, help_text="CONTRACT §4."
    )


class RegistrationRowSerializer(serializers.Serializer):
    player = serializers.CharField()
    state = serializers.ChoiceField(choices=ListState.choices)
    waiting = serializers.BooleanField()
    dropped = serializers.BooleanField()
    hash = serializers.CharField(allow_null=True)


class LockedListSerializer(serializers.Serializer):
    player = serializers.CharField()
    state = serializers.ChoiceField(choices=ListState.choices)
    decklist = serializers.CharField(help_text="CONTRACT §3 canonical text.")
    hash = serializers.CharField(
        allow_null=True, help_text="sha256 of `decklist`; null before the lock."
    )
    locked_at = serializers.DateTimeField(allow_null=True)


class PairingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    players = serializers.ListField(
        child=serializers.CharField(allow_null=True), help_text="[first, second or null for a bye]"
    )
    games = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="[wins 1st, wins 2nd, draws]"
    )


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    pairings = PairingSerializer(many=True)


class ResultSerializer(serializers.Serializer):
    table = serializers.IntegerField(min_value=1)
    games = serializers.ListField(
        child=serializers.IntegerField(min_value=0, max_value=5),
        min_length=3,
        max_length=3,
        help_text="[wins of the first player, wins of the second, draws]",
    )


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    match_points = serializers.IntegerField()
    omw = serializers.FloatField()
    gw = serializers.FloatField()
    ogw = serializers.FloatField()


class DeckCheckSerializer(serializers.Serializer):
    decklist = serializers.CharField(validators=[validate_decklist_size])


class DeckCheckResultSerializer(serializers.Serializer):
    player = serializers.CharField()
    same = serializers.BooleanField()
    differences = serializers.DictField(
        help_text='Zone → {"added": {number: count}, "removed": {number: count}} from the locked list.'
    )


def standing_row(row) -> dict:
    return {
        "rank": row.rank,
        "player": row.player,
        "match_points": row.match_points,
        "omw": round(float(row.omw), PLACES),
        "gw": round(float(row.gw), PLACES),
        "ogw": round(float(row.ogw), PLACES),
    }


def round_data(round_) -> dict:
    return {
        "number": round_.number,
        "kind": round_.kind,
        "pairings": [
            {
                "table": t.number,
                "players": [t.first.username, t.second.username if t.second else None],
                "games": list(t.games) if t.games else None,
            }
            for t in round_.tables.all()
        ],
    }
