from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionsConfig(AppConfig):
    name = "decklab.collections"
    label = "collections"
    verbose_name = _("Collections")
