from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommunityConfig(AppConfig):
    name = "cards.community"
    label = "community"
    verbose_name = _("Community card data")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Every card write records its revisions here: `cards` never imports this app.
        from cards import writes
        from cards.community import revisions

        writes.cards_written.connect(revisions.record, dispatch_uid="community-card-revisions")
