"""Admin: runs with their chunks, read-only (runs change only through their tasks)."""

from django.contrib import admin

from decklab.goldfish.models import SimulationChunk, SimulationRun


class ChunkInline(admin.TabularInline):
    model = SimulationChunk
    fields = ("index", "trials", "elapsed_s", "created_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(SimulationRun)
class SimulationRunAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "owner",
        "game",
        "trials",
        "status",
        "chunks_done",
        "chunks_total",
        "created_at",
    )
    list_filter = ("status", "game")
    search_fields = ("owner__username", "error")
    readonly_fields = [field.name for field in SimulationRun._meta.fields]
    inlines = [ChunkInline]

    def has_add_permission(self, request) -> bool:
        return False
