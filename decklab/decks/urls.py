"""Deck pages: the editor, the stateless builder (`/build/<game>/?c=<deck code>`), sharing, history."""

from django.urls import path

from decklab.decks import views

app_name = "decks"

urlpatterns = [
    path("decks/new/", views.new, name="new"),
    path("decks/<int:pk>/", views.editor, name="editor"),
    path("decks/<int:pk>/change", views.change, name="change"),
    path("decks/<int:pk>/settings", views.deck_settings, name="settings"),
    path("decks/<int:pk>/import", views.import_, name="import"),
    path("decks/<int:pk>/panel/<str:name>", views.panel, name="panel"),
    path("decks/<int:pk>/history", views.history, name="history"),
    path("decks/<int:pk>/save-version", views.save_version, name="save-version"),
    path("decks/<int:pk>/revert", views.revert, name="revert"),
    path("decks/<int:pk>/delete", views.delete, name="delete"),
    path("decks/<int:pk>/simulate", views.simulate, name="simulate"),
    path("decks/<int:pk>/side-by-side", views.side_by_side, name="side-by-side"),
    path("decks/search/<slug:game>", views.search, name="search"),
    path("decks/compare-runs", views.compare_runs, name="compare-runs"),
    path("decks/public/<slug:game>/", views.public, name="public"),
    path("d/<str:code>", views.shared, name="shared"),
    path("d/<str:code>/fork", views.fork, name="fork"),
    path("d/<str:code>/deck.txt", views.text, name="text"),
    path("d/<str:code>/deck.png", views.image, name="image"),
    path("d/<str:code>/sheet.pdf", views.sheet, name="sheet"),
    path("build/<slug:game>/", views.build, name="build"),
    path("build/<slug:game>/panel/<str:name>", views.build_panel, name="build-panel"),
    path("build/<slug:game>/deck.txt", views.build_text, name="build-text"),
    path("build/<slug:game>/deck.png", views.build_image, name="build-image"),
    path("build/<slug:game>/sheet.pdf", views.build_sheet, name="build-sheet"),
    path("build/<slug:game>/save", views.build_save, name="build-save"),
    path("build/<slug:game>/simulate", views.build_simulate, name="build-simulate"),
]
