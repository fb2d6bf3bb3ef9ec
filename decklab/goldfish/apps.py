from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "decklab.goldfish"
    label = "goldfish"
    verbose_name = _("Goldfish simulations")

    def ready(self) -> None:
        # Registers the run task in every process, so the queue can publish it by name.
        from decklab.goldfish import tasks  # noqa: F401
