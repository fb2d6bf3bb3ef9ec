"""Admin: proposals and revisions are read here; they change only through review and revert."""

from __future__ import annotations

from django.contrib import admin
from django.http import HttpRequest

from cards.community.models import CardRevision, Proposal


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj=None) -> bool:
        return False


@admin.register(Proposal)
class ProposalAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "proposer", "status", "created_at", "reviewer")
    list_filter = ("status", "game")
    search_fields = ("number", "proposer__username")


@admin.register(CardRevision)
class CardRevisionAdmin(ReadOnlyAdmin):
    list_display = ("card", "sequence", "source", "author", "created_at")
    list_filter = ("source",)
    search_fields = ("card__number", "card__name")
    raw_id_fields = ("card", "proposal", "reverted_to", "author")
