"""Decks in the admin: browse and search; cards change only through the editor and the API (versions)."""

from django.contrib import admin

from decklab.decks.models import Deck, DeckVersion


class DeckVersionInline(admin.TabularInline):
    model = DeckVersion
    fields = ("number", "note", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "owner", "visibility", "version", "updated_at")
    list_filter = ("game", "visibility")
    search_fields = ("name", "code", "owner__username")
    # Cards live in versions and change through services (stale-save check); not editable here.
    readonly_fields = ("game", "code", "version", "forked_from", "created_at", "updated_at")
    list_select_related = ("owner",)
    inlines = [DeckVersionInline]
