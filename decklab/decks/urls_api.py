"""URLs of this area (filled in by its owner)."""

urlpatterns: list = []
