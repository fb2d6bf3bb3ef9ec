from django.apps import AppConfig


class DecksConfig(AppConfig):
    name = "decklab.decks"
    label = "decks"
