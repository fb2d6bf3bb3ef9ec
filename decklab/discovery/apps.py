from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DiscoveryConfig(AppConfig):
    name = "decklab.discovery"
    label = "discovery"
    verbose_name = _("Discovery")

    def ready(self) -> None:
        from decklab.discovery import signals  # noqa: F401  (connects the receivers)
