"""Deck pages: the editor, the stateless builder (`/build/<game>/?c=<deck code>`), sharing, history;
the goldfish runs started from them are the goldfish app's views (`goldfish.deck_views`)."""

from django.urls import path

from decklab.decks.views import builder, editor, history, importing, public_deck, sharing
from decklab.discovery.views import search as discovery
from decklab.goldfish import deck_views as goldfish

app_name = "decks"

urlpatterns = [
    path("decks/new/", editor.new, name="new"),
    path("decks/<int:pk>/", editor.editor, name="editor"),
    path("decks/<int:pk>/change", editor.change, name="change"),
    path("decks/<int:pk>/settings", editor.deck_settings, name="settings"),
    path("decks/<int:pk>/import", importing.import_, name="import"),
    path("decks/<int:pk>/panel/<str:name>", editor.panel, name="panel"),
    path("decks/<int:pk>/history", history.history, name="history"),
    path("decks/<int:pk>/save-version", history.save_version, name="save-version"),
    path("decks/<int:pk>/revert", history.revert, name="revert"),
    path("decks/<int:pk>/delete", editor.delete, name="delete"),
    path("decks/<int:pk>/simulate", goldfish.simulate, name="simulate"),
    path("decks/<int:pk>/side-by-side", goldfish.side_by_side, name="side-by-side"),
    path("decks/search/<slug:game>", editor.search, name="search"),
    path("decks/compare-runs", goldfish.compare_runs, name="compare-runs"),
    path("decks/odds/<slug:game>/", goldfish.odds, name="odds"),
    # The public decks page is discovery's search; its address and name stay (CONTRACT §6).
    path("decks/public/<slug:game>/", discovery.public, name="public"),
    path("d/<str:code>", sharing.shared, name="shared"),
    path("d/<str:code>/fork", sharing.fork, name="fork"),
    path("d/<str:code>/numbers", public_deck.numbers, name="public-numbers"),
    path("d/<str:code>/similar", public_deck.similar_decks, name="similar"),
    path("d/<str:code>/deck.txt", sharing.text, name="text"),
    path("d/<str:code>/deck.png", sharing.image, name="image"),
    path("d/<str:code>/sheet.pdf", sharing.sheet, name="sheet"),
    path("build/<slug:game>/", builder.build, name="build"),
    path("build/<slug:game>/panel/<str:name>", builder.build_panel, name="build-panel"),
    path("build/<slug:game>/deck.txt", builder.build_text, name="build-text"),
    path("build/<slug:game>/deck.png", builder.build_image, name="build-image"),
    path("build/<slug:game>/sheet.pdf", builder.build_sheet, name="build-sheet"),
    path("build/<slug:game>/save", builder.build_save, name="build-save"),
    path("build/<slug:game>/simulate", goldfish.build_simulate, name="build-simulate"),
]
