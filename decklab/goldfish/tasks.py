"""Celery tasks of simulation runs: a task takes (run id, generation) and claims chunks itself.

Its time limits come with each message (`services.queue._send`, from the settings
`GOLDFISH_CHUNK_SOFT_SECONDS`, `GOLDFISH_CHUNK_HARD_SECONDS` and `GOLDFISH_TASK_SECONDS`).

The task is idempotent (a stored chunk is stored once; a finished run or an older generation is
skipped), so late acknowledgement with a prefetch of one (settings `CELERY_TASK_ACKS_LATE`,
`CELERY_WORKER_PREFETCH_MULTIPLIER`) is safe: a message delivered again after a lost worker claims
the next chunks or skips itself.
"""

from __future__ import annotations

import threading
from typing import Any

from celery import Task, shared_task
from celery.signals import worker_process_init, worker_ready

from cards.games import goldfish
from decklab.goldfish import public, services
from decklab.goldfish.services.queue import RUN_CHUNKS


@shared_task(
    bind=True,
    name=RUN_CHUNKS,
    acks_late=True,
    reject_on_worker_lost=True,
    ignore_result=True,
)
def run_chunks(self: Task, run_id: int, generation: int, chunk_seconds: float | None = None) -> str:
    """Play chunks of a run and store their tallies; the last chunk finishes the run."""
    return services.play_chunks(run_id, generation, chunk_seconds=chunk_seconds)


@shared_task(name=public.PUBLIC_NUMBERS, ignore_result=True)
def schedule_public_numbers(deck_id: int) -> str:
    """Plan and queue the goldfish run of a public deck's current cards (`public`)."""
    row = public.public_numbers_schedule(deck_id=deck_id)
    return "not public" if row is None else f"run {row.run_id}"


@worker_ready.connect
def watch_for_stale_runs(**kwargs: Any) -> None:
    """Each worker re-queues lost chunks and sends waiting runs, at start and periodically."""
    services.start_stale_watch()


@worker_process_init.connect
def warm_up_engines(**kwargs: Any) -> None:
    """Each pool process loads the compiled engines in the background as it starts, so the first
    run after a worker start does not wait for them (a thread: the process is ready at once, and
    a task that comes first waits only for what it needs)."""
    threading.Thread(target=goldfish.warm_up, name="warm-up-engines", daemon=True).start()
