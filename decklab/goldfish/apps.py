from django.apps import AppConfig


class GoldfishConfig(AppConfig):
    name = "decklab.goldfish"
    label = "goldfish"
