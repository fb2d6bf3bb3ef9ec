"""The Celery app: configured from Django settings (`CELERY_*`), tasks found in installed apps."""

import logging.config
import os

from celery import Celery
from celery.signals import setup_logging

from decklab.logs import log_environment, logging_config

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")

app = Celery("decklab")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def _json_logs() -> bool:
    try:
        return log_environment()[0] == "json"
    except ValueError:  # the settings refuse the value with the reason
        return False


if _json_logs():
    # Configured now, not when the worker sets up logging: the worker warns (running as root, say)
    # before that, and those warnings must be JSON records too.
    logging.config.dictConfig(logging_config(*log_environment()))
    logging.captureWarnings(True)

    @setup_logging.connect
    def keep_json_logs(loglevel: int | str | None = None, **kwargs: object) -> None:
        """A receiver of this signal tells Celery to leave logging alone (no text format of its
        own); only the worker's `--loglevel` applies."""
        if loglevel:
            logging.getLogger().setLevel(loglevel)


@app.task(name="decklab.ping", ignore_result=True, acks_late=False)
def ping(number: int) -> int:
    """Does nothing: `manage.py broker_soak` pushes thousands of these through a real worker."""
    return number
