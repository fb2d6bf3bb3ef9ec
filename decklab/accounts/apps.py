from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "decklab.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connects the sign-in receiver that applies a user's remembered language.
        from decklab.accounts import language  # noqa: F401
