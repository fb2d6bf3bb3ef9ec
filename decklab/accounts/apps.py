from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "decklab.accounts"
    label = "accounts"
