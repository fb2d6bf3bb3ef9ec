"""Deck API shapes. Serializers check the shape only; services and the game rules decide the rest."""

from __future__ import annotations

from rest_framework import serializers

from cards.decklists import validate_decklist_size
from cards.rule_links import linked
from decklab.decks import selectors
from decklab.decks.models import Deck, Visibility
from decklab.decks.workspace import Workspace
from decklab.goldfish import public_shown
from decklab.goldfish.serializers import PublicGoldfishSerializer

ZONES_HELP = 'Zone → card number → count, e.g. {"main": {"BT1-004": 4}}.'


class DeckSummarySerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.get_username", read_only=True)
    zones = serializers.JSONField(read_only=True, help_text=ZONES_HELP)

    class Meta:
        model = Deck
        fields: tuple[str, ...] = (
            "id",
            "code",
            "name",
            "game",
            "format",
            "visibility",
            "version",
            "revision",
            "owner",
            "zones",
            "created_at",
            "updated_at",
        )
        read_only_fields = fields


class DeckSerializer(DeckSummarySerializer):
    """One deck with its canonical decklist text and its legality (CONTRACT §4 object)."""

    decklist = serializers.CharField(read_only=True)
    legality = serializers.JSONField(read_only=True)
    public_goldfish = PublicGoldfishSerializer(
        read_only=True,
        allow_null=True,
        help_text="A public deck's goldfish numbers for its game's default goals, beside the "
        "format's average (docs/discovery-goldfish.md); null for a private or unlisted deck.",
    )

    class Meta(DeckSummarySerializer.Meta):
        fields = (*DeckSummarySerializer.Meta.fields, "decklist", "legality", "public_goldfish")
        read_only_fields = fields


class DeckCreateSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=32)
    name = serializers.CharField(max_length=120)
    format = serializers.CharField(max_length=64, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=Visibility.choices, default=Visibility.PRIVATE)
    zones = serializers.JSONField(required=False, help_text=ZONES_HELP)
    decklist = serializers.CharField(
        required=False,
        validators=[validate_decklist_size],
        help_text="Decklist text (CONTRACT §3).",
    )

    def validate(self, attrs):
        if "zones" in attrs and "decklist" in attrs:
            raise serializers.ValidationError("Give the cards as zones or as a decklist, not both.")
        return attrs


class DeckUpdateSerializer(serializers.Serializer):
    """A change. New cards with `version`, the version they were based on, are refused when stale
    (409); without it they replace the cards as they are now (CONTRACT §6 takes the body of POST),
    and the cards they replace stay in the history."""

    version = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="The version your new cards are based on: a stale one is refused (409). "
        "Without it the new cards replace the current ones, which stay in the history.",
    )
    revision = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="The deck's revision when you read it: an open draft version keeps its number "
        "while it changes, so replacing its cards needs this too (stale → 409).",
    )
    name = serializers.CharField(max_length=120, required=False)
    format = serializers.CharField(max_length=64, required=False)
    visibility = serializers.ChoiceField(choices=Visibility.choices, required=False)
    zones = serializers.JSONField(required=False, help_text=ZONES_HELP)
    decklist = serializers.CharField(required=False, validators=[validate_decklist_size])

    def validate(self, attrs):
        if "zones" in attrs and "decklist" in attrs:
            raise serializers.ValidationError("Give the cards as zones or as a decklist, not both.")
        if "revision" in attrs and "version" not in attrs:
            raise serializers.ValidationError(
                {"revision": "A revision is checked with the version it belongs to."}
            )
        return attrs


class ConflictSerializer(serializers.Serializer):
    detail = serializers.CharField()
    current = DeckSerializer()


def deck_detail(deck: Deck, lang: str) -> dict:
    """A deck as the API answers it: its current cards, decklist and legality report."""
    ws = Workspace(deck.game, deck.format, selectors.current_zones(deck), lang=lang, deck=deck)
    report = {**ws.report, "violations": linked(deck.game, ws.report["violations"], lang)}
    # The deck's own columns, then what the workspace read (DRF reads a mapping's keys as it
    # reads an object's attributes): no attribute is added to the model instance.
    read = {"zones", "decklist", "legality", "public_goldfish"}
    columns = {name: getattr(deck, name) for name in DeckSerializer.Meta.fields if name not in read}
    return DeckSerializer(
        {
            **columns,
            "zones": ws.zones,
            "decklist": ws.text,
            "legality": report,
            "public_goldfish": public_shown.deck_numbers_data(deck=deck),
        }
    ).data
