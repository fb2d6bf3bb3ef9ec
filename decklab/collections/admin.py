"""Collections in the admin: browse and search; quantities change through the player's pages."""

from django.contrib import admin

from decklab.collections.models import Collection, CollectionCard


class CollectionCardInline(admin.TabularInline):
    model = CollectionCard
    fields = ("number", "identity", "quantity", "wanted")
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
