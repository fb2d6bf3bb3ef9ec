"""Collection API shapes. Serializers check the shape only; the services decide the rest."""

from __future__ import annotations

from rest_framework import serializers

from decklab.collections.models import MAX_QUANTITY, Collection, CollectionCard


class CollectionCardSerializer(serializers.ModelSerializer):
    class Meta:
        model = CollectionCard
        fields = ("number", "identity", "quantity", "wanted", "offered")
        read_only_fields = fields


class CollectionSerializer(serializers.ModelSerializer):
    cards = CollectionCardSerializer(many=True, read_only=True)
    shared = serializers.SerializerMethodField()

    class Meta:
        model = Collection
        fields = ("id", "game", "shared", "trades", "updated_at", "cards")
        read_only_fields = fields

    def get_shared(self, collection: Collection) -> bool:
        return bool(collection.share_code)


class SetQuantitySerializer(serializers.Serializer):
    """One card's copies owned (and wanted); the number may be an alternate print's."""

    number = serializers.CharField(max_length=64)
    # Shape only: the service refuses what is out of range with the player's sentence.
    quantity = serializers.IntegerField(
        help_text=f"0 to {MAX_QUANTITY}; 0 (and 0 wanted) removes the card."
    )
    wanted = serializers.IntegerField(required=False, help_text=f"0 to {MAX_QUANTITY}.")


class HoldingLineSerializer(serializers.Serializer):
    number = serializers.CharField()
    name = serializers.CharField()
    identity = serializers.CharField(source="need.identity")
    needed = serializers.IntegerField()
    owned = serializers.IntegerField()
    reserved = serializers.IntegerField(help_text="Copies other built decks hold back.")
    missing = serializers.IntegerField()


class HoldingsSerializer(serializers.Serializer):
    deck = serializers.CharField(help_text="The deck's code.")
    built = serializers.BooleanField()
    missing = serializers.IntegerField(help_text="Copies missing in all.")
    lines = HoldingLineSerializer(many=True)
