from django.apps import AppConfig
from django.db.models.signals import post_delete
from django.utils.translation import gettext_lazy as _


class CardsConfig(AppConfig):
    name = "cards"
    verbose_name = _("Cards")

    def ready(self) -> None:
        from cards import tasks  # noqa: F401  registers the upload task, published by name
        from cards.models import Card
        from cards.selectors import forget_card_counts

        # New cards change the cached counts' key; a deleted card must drop them.
        post_delete.connect(
            lambda **_: forget_card_counts(), sender=Card, weak=False, dispatch_uid="card-counts"
        )
