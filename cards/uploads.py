"""Staff card-file uploads as Celery tasks (issue 22 finding 8).

The upload page stores the file in a `CardImport` row and queues `cards.tasks.import_card_file`
with its id; the task runs the same import as `manage.py import_cards` (or the set decks'), outside
any web request and its time limits, and records the report or every problem. The row's page shows
how far it got.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from cards.forms import SET_DECKS
from cards.importers import ImportFailed, Problem, import_cards, import_set_decks
from cards.models import CardImport

logger = logging.getLogger(__name__)

#: The name `cards.tasks.import_card_file` is registered under: what an upload publishes.
IMPORT_CARD_FILE = "cards.import_card_file"


def upload_start(*, game: str, kind: str, filename: str, content: bytes, author: Any) -> CardImport:
    """Store the upload and queue its import once the row is committed."""
    upload = CardImport.objects.create(
        game=game, kind=kind, filename=filename[:255], content=content, author=author
    )
    transaction.on_commit(lambda: _send(upload.pk))
    return upload


def _send(upload_id: int) -> None:
    # Published by name (registered when the app is ready: `CardsConfig.ready` imports the tasks
    # module), so this module never imports the task that calls it.
    import_card_file = current_app.tasks[IMPORT_CARD_FILE]
    try:
        # DeckLab's one task queue (the simulations' too): every worker consumes it.
        import_card_file.apply_async((upload_id,), queue=settings.GOLDFISH_QUEUE)
    except Exception as error:  # any broker or connection error: say so on the upload's page
        logger.warning("the broker refused card import %s (%s)", upload_id, error)
        _fail(
            upload_id, [Problem(0, "", "the task queue cannot be reached; upload it again later")]
        )


def upload_run(upload_id: int) -> str:
    """The task's work: import the stored file once, record the outcome; what happened (for logs)."""
    claimed = CardImport.objects.filter(pk=upload_id, status=CardImport.Status.QUEUED).update(
        status=CardImport.Status.RUNNING, started_at=timezone.now()
    )
    if not claimed:
        return "skipped: gone or already taken"
    upload = CardImport.objects.get(pk=upload_id)
    content = bytes(upload.content)
    try:
        if upload.kind == SET_DECKS:
            summary = f"{upload.game}: {import_set_decks(upload.game, content)} set decks imported"
        else:
            summary = str(import_cards(upload.game, content, upload.filename, upload.author))
    except ImportFailed as failure:
        _fail(upload_id, failure.problems)
        return f"failed: {len(failure.problems)} problem(s)"
    CardImport.objects.filter(pk=upload_id).update(
        status=CardImport.Status.DONE, summary=summary, finished_at=timezone.now(), content=b""
    )
    return summary


def _fail(upload_id: int, problems: list[Problem]) -> None:
    CardImport.objects.filter(pk=upload_id).update(
        status=CardImport.Status.FAILED,
        problems=[[problem.line, problem.column, problem.message] for problem in problems],
        finished_at=timezone.now(),
        content=b"",
    )
