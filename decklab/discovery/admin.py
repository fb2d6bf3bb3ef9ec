"""Discovery in the admin: tags are players' own words on public pages, so staff can find and
remove one; likes are browsed, never edited nor deleted here (a deck's like count and popularity are kept
with them by `facts_count_likes`, which the admin would bypass)."""

from django.contrib import admin

from decklab.admin import ReadOnlyAdmin
from decklab.discovery.models import DeckTag, Like


@admin.register(DeckTag)
class DeckTagAdmin(admin.ModelAdmin):
    list_display = ("name", "deck")
    search_fields = ("name", "deck__name", "deck__owner__username")
    list_select_related = ("deck",)
    readonly_fields = ("deck",)


@admin.register(Like)
class LikeAdmin(ReadOnlyAdmin):
    list_display = ("deck", "user", "created_at")
    search_fields = ("deck__name", "user__username")
    list_select_related = ("deck", "user")
    readonly_fields = ("deck", "user", "created_at")
