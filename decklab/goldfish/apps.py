from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GoldfishConfig(AppConfig):
    name = "decklab.goldfish"
    label = "goldfish"
    verbose_name = _("Goldfish simulations")
