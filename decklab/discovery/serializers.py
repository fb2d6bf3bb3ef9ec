"""The discovery API's shapes (documented in the schema, `/api/docs/`)."""

from __future__ import annotations

from rest_framework import serializers

from decklab.decks.models import Deck


class DeckRowSerializer(serializers.ModelSerializer):
    """One public deck as a search row lists it."""

    author = serializers.CharField(source="owner.username")
    archetype = serializers.CharField(source="facts.archetype", help_text="the game's natural key")
    archetype_label = serializers.CharField(source="facts.archetype_label")
    colours = serializers.ListField(child=serializers.CharField(), source="facts.colour_list")
    legal = serializers.BooleanField(source="facts.legal", help_text="in its format, when saved")
    dated = serializers.DateTimeField(source="facts.dated", help_text="when its cards last changed")
    likes = serializers.IntegerField(source="facts.likes")
    views = serializers.IntegerField(source="facts.views")
    best_place = serializers.IntegerField(source="facts.best_place", allow_null=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = (
            "code",
            "name",
            "game",
            "format",
            "author",
            "archetype",
            "archetype_label",
            "colours",
            "legal",
            "dated",
            "likes",
            "views",
            "best_place",
            "url",
        )

    def get_url(self, deck: Deck) -> str:
        return f"/d/{deck.code}"


class ShareSerializer(serializers.Serializer):
    key = serializers.CharField()
    # The stubs see Field.label; DRF's metaclass takes declared fields off the class.
    label = serializers.CharField()  # type: ignore[assignment]
    decks = serializers.FloatField(help_text="decks (event lists: weighted by event size)")
    share = serializers.FloatField(help_text="0 to 1")


class TrendSerializer(serializers.Serializer):
    label = serializers.CharField()  # type: ignore[assignment]  # as ShareSerializer.label
    weeks = serializers.ListField(child=serializers.DateField())
    shares = serializers.ListField(child=serializers.FloatField())


class CardUseSerializer(serializers.Serializer):
    number = serializers.CharField()
    name = serializers.CharField()
    decks = serializers.IntegerField()
    rate = serializers.FloatField()
    average_copies = serializers.FloatField()


class MetaSerializer(serializers.Serializer):
    game = serializers.CharField()
    format = serializers.CharField()
    since = serializers.DateTimeField()
    until = serializers.DateTimeField()
    decks = serializers.IntegerField(help_text="public decks dated in the period")
    archetypes = ShareSerializer(many=True)
    trends = TrendSerializer(many=True, help_text="weekly shares over the last 8 weeks")
    cards = CardUseSerializer(many=True, help_text="most included cards")
    event_weight = serializers.FloatField(help_text="event lists × their event's players")
    event_archetypes = ShareSerializer(many=True, help_text="event lists, weighted by event size")


class CardStatsSerializer(serializers.Serializer):
    game = serializers.CharField()
    number = serializers.CharField()
    format = serializers.CharField()
    since = serializers.DateTimeField()
    until = serializers.DateTimeField()
    decks = serializers.IntegerField(help_text="public decks holding the card, any date")
    top = DeckRowSerializer(many=True)
    period_decks = serializers.IntegerField(help_text="public decks of the format in the period")
    including = serializers.IntegerField()
    rate = serializers.FloatField(help_text="including / period_decks")
    average_copies = serializers.FloatField()
