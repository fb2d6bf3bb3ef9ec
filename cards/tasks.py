"""Celery tasks of the cards app: a staff upload's import (`cards.uploads`)."""

from __future__ import annotations

from celery import shared_task

from cards import uploads


@shared_task(name=uploads.IMPORT_CARD_FILE, ignore_result=True)
def import_card_file(upload_id: int) -> str:
    """Import one stored staff upload and record its report or problems."""
    return uploads.upload_run(upload_id)
