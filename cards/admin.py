"""Admin for cards and game data; bulk changes go through the importer (`/cards/upload/`)."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html

from cards.models import Card, CardName, GameData


class CardNameInline(admin.TabularInline):
    model = CardName
    extra = 0
    fields = ("key",)
    readonly_fields = ("key",)
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Card | None = None) -> bool:
        return False


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    """Cards are browsed and searched here. Facts change only by importing a file (which checks
    them against the game's schema and keeps the search columns in step) and images only on the
    card page (which checks and re-encodes them), so every field here is read-only."""

    list_display = ("number", "name", "game", "type", "cost", "power", "has_image", "updated_at")
    list_filter = ("game", "type")
    search_fields = ("number", "name", "name_folded")
    ordering = ("game", "number")
    list_per_page = 100
    fields = ("game", "number", "name", "type", "data", "extra", "image", "face", "updated_at")
    readonly_fields = fields
    inlines = (CardNameInline,)

    @admin.display(boolean=True, description="image")
    def has_image(self, card: Card) -> bool:
        return bool(card.image)

    @admin.display(description="face")
    def face(self, card: Card) -> str:
        face_url = reverse("cards:face", args=[card.game, card.number])
        page_url = reverse("cards:detail", args=[card.game, card.number])
        return format_html(
            '<img src="{}" width="240" alt=""><br><a href="{}">Upload or remove an image</a>',
            face_url,
            page_url,
        )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(GameData)
class GameDataAdmin(admin.ModelAdmin):
    list_display = ("game", "key", "updated_at")
    list_filter = ("game",)
