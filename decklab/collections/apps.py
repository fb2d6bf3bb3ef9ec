from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionsConfig(AppConfig):
    name = "decklab.collections"
    label = "collections"
    verbose_name = _("Collections")

    def ready(self) -> None:
        from decklab.collections.needs import on_deck_cards_saved
        from decklab.decks.signals import deck_cards_saved

        deck_cards_saved.connect(on_deck_cards_saved, dispatch_uid="collections-deck-needs")
