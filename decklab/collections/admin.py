"""Collections in the admin: browse and search; quantities change through the player's pages.

Card rows, `DeckNeed` and `Reach` are read-only. A row's quantity, want and offer are the player's
own words, and each change of them marks the collection's `Reach` dirty (`reach_mark`, called by
the services), which the admin would bypass; `DeckNeed` and `Reach` are materialised answers,
written from the decks and collections by `needs` and `reach_refresh` (docs/collections.md), so an
edit here would only make them wrong.
"""

from __future__ import annotations

from django.contrib import admin

from decklab.admin import ReadOnlyAdmin
from decklab.collections.models import Collection, CollectionCard, DeckNeed, Reach


class CollectionCardInline(admin.TabularInline):
    model = CollectionCard
    fields = ("number", "identity", "quantity", "wanted", "offered")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Collection)
class CollectionAdmin(admin.ModelAdmin):
    list_display = ("owner", "game", "trades", "updated_at")
    list_filter = ("game", "trades")
    search_fields = ("owner__username",)
    readonly_fields = ("owner", "game", "share_code", "updated_at")
    list_select_related = ("owner",)
    inlines = [CollectionCardInline]


class CollectionRowAdmin(ReadOnlyAdmin):
    """Rows of one collection, shown with its owner and game (filtered and searched by them)."""

    @admin.display(ordering="collection__owner__username")
    def owner(self, row: CollectionCard | Reach) -> str:
        return row.collection.owner.get_username()

    @admin.display(ordering="collection__game")
    def game(self, row: CollectionCard | Reach) -> str:
        return row.collection.game


@admin.register(CollectionCard)
class CollectionCardAdmin(CollectionRowAdmin):
    """The rows of every collection: what players own, want (the wishlist) and offer for trades."""

    list_display = ("number", "owner", "game", "quantity", "wanted", "offered")
    list_filter = ("collection__game", "collection__trades")
    search_fields = ("collection__owner__username", "number", "identity")
    list_select_related = ("collection__owner",)
    ordering = ("collection__owner__username", "collection__game", "number")


@admin.register(DeckNeed)
class DeckNeedAdmin(ReadOnlyAdmin):
    list_display = ("deck", "identity", "count")
    list_filter = ("deck__game",)
    search_fields = ("deck__name", "deck__code", "identity")
    list_select_related = ("deck",)


@admin.register(Reach)
class ReachAdmin(CollectionRowAdmin):
    """What each deck misses from each collection, as "Decks I can build" last counted it."""

    list_display = ("owner", "game", "deck", "missing")
    list_filter = ("collection__game",)
    search_fields = ("collection__owner__username", "deck__name", "deck__code")
    list_select_related = ("collection__owner", "deck")
    ordering = ("collection__owner__username", "missing")
