from django.apps import AppConfig


class ToolingConfig(AppConfig):
    name = "decklab.tooling"
    label = "tooling"
