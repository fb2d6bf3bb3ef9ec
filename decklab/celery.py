"""The Celery app: configured from Django settings (`CELERY_*`), tasks found in installed apps."""

import logging.config
import os

from celery import Celery
from celery.signals import setup_logging

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")

app = Celery("decklab")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

if os.environ.get("DECKLAB_LOG_FORMAT", "").strip().lower() == "json":

    @setup_logging.connect
    def log_like_the_site(loglevel: int | str | None = None, **kwargs: object) -> None:
        """JSON logs: the worker logs through the site's LOGGING, not Celery's own text format
        (connecting this signal is how Celery is told to leave logging alone)."""
        from django.conf import settings

        logging.config.dictConfig(settings.LOGGING)
        if loglevel:
            logging.getLogger().setLevel(loglevel)
