from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommunityConfig(AppConfig):
    name = "cards.community"
    label = "community"
    verbose_name = _("Community card data")
    default_auto_field = "django.db.models.BigAutoField"
