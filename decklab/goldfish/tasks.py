"""Celery tasks of simulation runs: one task per chunk, taking ids only.

Its time limits come with each message (`services.queue_chunks`, from the settings
`GOLDFISH_CHUNK_SOFT_SECONDS` and `GOLDFISH_CHUNK_HARD_SECONDS`).

The task is idempotent (a stored chunk is skipped), so late acknowledgement with a prefetch of one
(settings `CELERY_TASK_ACKS_LATE`, `CELERY_WORKER_PREFETCH_MULTIPLIER`) is safe: a message delivered
again after a lost worker recomputes or skips the same chunk.
"""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task
from celery.signals import worker_ready

from decklab.goldfish import services


@shared_task(
    bind=True,
    name="goldfish.run_chunk",
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def run_chunk(self: Task, run_id: int, index: int) -> str:
    """Play one chunk of a run and store its tallies; the last chunk finishes the run."""
    _hard, soft = self.request.timelimit or (None, None)
    return services.play_chunk(run_id, index, soft_limit=soft)


@worker_ready.connect
def watch_for_stale_runs(**kwargs: Any) -> None:
    """Each worker re-queues lost chunks at start and then periodically, whatever the broker."""
    services.start_stale_watch()
