"""API shapes of games and cards (shape only: the game layer decides what cards and decks mean)."""

from __future__ import annotations

from typing import Any, get_args

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from cards import search
from cards.games.fields import Kind
from cards.games.game import Game
from cards.links import absolute
from cards.models import Card


class ZoneSerializer(serializers.Serializer):
    slug = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not the Field's label
    label_ja = serializers.CharField()
    checked = serializers.BooleanField(
        help_text="Whether the rules check this zone; an unchecked one (DBSCG's side deck) is "
        "read, kept and exported, never checked (CONTRACT §1 lists the checked zones)."
    )


class FormatSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField()


class SearchFieldSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # a field, not the Field's label
    kind = serializers.ChoiceField(choices=list(get_args(Kind)))
    aliases = serializers.ListField(child=serializers.CharField())
    operators = serializers.ListField(child=serializers.CharField())
    choices = serializers.ListField(child=serializers.CharField())
    examples = serializers.ListField(child=serializers.CharField())


class GameSerializer(serializers.Serializer):
    """A game: its decklist zones, its formats (the first is the default), its search fields."""

    slug = serializers.CharField()
    name = serializers.CharField()
    name_ja = serializers.CharField()
    zones = ZoneSerializer(many=True)
    formats = FormatSerializer(many=True)
    default_format = serializers.SerializerMethodField()
    search_fields = serializers.SerializerMethodField()
    cards_url = serializers.SerializerMethodField()

    def get_default_format(self, game: Game) -> str:
        return game.default_format.slug

    @extend_schema_field(SearchFieldSerializer(many=True))
    def get_search_fields(self, game: Game) -> list[dict[str, Any]]:
        return search.known_fields(game.slug)

    def get_cards_url(self, game: Game) -> str:
        return absolute(reverse("api-cards", kwargs={"game": game.slug}))


class CardSerializer(serializers.ModelSerializer):
    """One card: the contract columns (`data`), the file's other columns (`extra`), and links."""

    data = serializers.JSONField()  # type: ignore[assignment]  # the card's column, not .data
    extra = serializers.JSONField()
    url = serializers.SerializerMethodField()
    face_url = serializers.SerializerMethodField()

    class Meta:
        model = Card
        fields = ("game", "number", "name", "type", "data", "extra", "url", "face_url")

    def get_url(self, card: Card) -> str:
        return absolute(reverse("cards:detail", args=[card.game, card.number]))

    def get_face_url(self, card: Card) -> str:
        return absolute(reverse("cards:face", args=[card.game, card.number]))


class ErrorSerializer(serializers.Serializer):
    """Every error of the API: `detail` says what is wrong (more keys may name fields)."""

    detail = serializers.CharField()


class QueryErrorSerializer(ErrorSerializer):
    position = serializers.IntegerField(help_text="0-based character offset in `q`")
