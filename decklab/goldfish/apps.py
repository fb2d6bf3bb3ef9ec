from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "decklab.goldfish"
    label = "goldfish"
    verbose_name = _("Goldfish simulations")

    def ready(self) -> None:
        from django.db.models.signals import post_delete

        from decklab.decks.signals import deck_cards_saved, deck_listing_changed

        # Registers the run task in every process, so the queue can publish it by name.
        from decklab.goldfish import public, tasks  # noqa: F401

        # A deck's changes reach its public numbers through the deck app's signals
        # (decklab/decks/signals.py says who listens to what).
        deck_cards_saved.connect(public.on_deck_cards_saved, dispatch_uid="goldfish-public-cards")
        deck_listing_changed.connect(
            public.on_deck_listing_changed, dispatch_uid="goldfish-public-listing"
        )
        post_delete.connect(
            public.on_deck_deleted, sender="decks.Deck", dispatch_uid="goldfish-public-gone"
        )
