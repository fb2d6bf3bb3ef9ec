from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "decklab.accounts"
    label = "accounts"

    def ready(self) -> None:
        from decklab.accounts import signals  # noqa: F401 - connects the receivers
