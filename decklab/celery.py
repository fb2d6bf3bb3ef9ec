"""The Celery app: configured from Django settings (`CELERY_*`), tasks found in installed apps."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "decklab.settings")

app = Celery("decklab")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@app.task(name="decklab.ping", ignore_result=True, acks_late=False)
def ping(number: int) -> int:
    """Does nothing: `manage.py broker_soak` pushes thousands of these through a real worker."""
    return number
