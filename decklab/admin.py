"""Admin pieces the apps share (the apps register their own models in their `admin.py`)."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest


class ReadOnlyAdmin(admin.ModelAdmin):
    """Browsed and searched, never added, changed nor deleted here: rows a service keeps in step
    with others (counts, materialised answers), which an edit in the admin would bypass."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False
