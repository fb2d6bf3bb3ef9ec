from django.contrib import admin

from decklab.events.models import Event, LockedList, Registration, Round, Table


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "date", "status", "organiser")
    list_filter = ("game", "status")
    search_fields = ("name", "place")


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("event", "player", "waiting", "dropped", "created_at")
    raw_id_fields = ("event", "player", "deck")


@admin.register(LockedList)
class LockedListAdmin(admin.ModelAdmin):
    """Read only: the database refuses any change of a locked list."""

    list_display = ("registration", "hash", "locked_at")

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "kind")


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("round", "number", "first", "second", "first_wins", "second_wins", "draws")
    raw_id_fields = ("round", "first", "second", "reported_by")
