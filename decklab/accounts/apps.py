from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "decklab.accounts"
    label = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        # Connect the receivers: tokens revoked on a password change, a user's remembered
        # language applied at sign-in.
        from decklab.accounts import language, signals  # noqa: F401
