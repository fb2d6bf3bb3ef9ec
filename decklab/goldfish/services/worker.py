"""What one task does: claim and play chunks of its run for about a task's time, then store them."""

from __future__ import annotations

import logging
import time

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.db import DatabaseError
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_noop

from cards.games import goldfish
from cards.games.goldfish import GoalError
from cards.games.messages import Text
from decklab.goldfish.models import SimulationChunk, SimulationRun
from decklab.goldfish.services.chunks import claim, play, store_chunks
from decklab.goldfish.services.plans import run_plan
from decklab.goldfish.services.queue import ACTIVE, dispatch
from decklab.goldfish.services.runs import fail_run

logger = logging.getLogger(__name__)


def play_chunks(run_id: int, generation: int, *, chunk_seconds: float | None = None) -> str:
    """A task's work: claim and play chunks of a run for about `GOLDFISH_TASK_SECONDS`, store them.

    Several seeding units per task so the bookkeeping (a handful of queries and a commit) is paid
    once for many chunks; each chunk is still seeded from (run seed, chunk index), so the results do
    not depend on how chunks fall into tasks. The first claim is one chunk; it measures how long a
    chunk takes here, and the next claims fill the rest of the time. `chunk_seconds` is the
    per-chunk time limit the message carried, for the reason a run that passes it fails with.

    The task's start is the run's first sign of life from it (`tasks_running`, the heartbeat): until
    then it only waits in the broker, which is never stale. `generation` is the run's re-queue count
    when the task was sent: a task that waited in the broker through a re-queue keeps its place and
    works for the run as it finds it. Says what happened (for the worker's log).
    """
    started = SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        tasks_running=F("tasks_running") + 1, heartbeat_at=timezone.now()
    )
    run = SimulationRun.objects.filter(pk=run_id).defer("results", "error", "error_text").first()
    if not started or run is None or run.finished:
        return "skipped: run gone or finished"
    chunks: list[SimulationChunk] = []
    try:
        prepared = run_plan(run)
        deadline = time.monotonic() + settings.GOLDFISH_TASK_SECONDS
        per_chunk = _chunk_seconds.get(run_id)
        while not chunks or time.monotonic() < deadline:
            wanted = 1 if per_chunk is None else (deadline - time.monotonic()) / per_chunk
            claimed = claim(run, max(1, int(wanted)))
            if not claimed:
                break
            chunks += play(run, prepared, claimed)
            per_chunk = max(1e-6, sum(chunk.elapsed_s for chunk in chunks) / len(chunks))
            _remember_chunk_seconds(run_id, per_chunk)
    except SoftTimeLimitExceeded:
        fail_run(
            run_id,
            Text(
                gettext_noop(
                    "A chunk of %(games)s games took longer than the limit of %(seconds)g s per "
                    "chunk. Try fewer or simpler goals."
                ),
                {
                    "games": f"{goldfish.CHUNK:,}",
                    "seconds": chunk_seconds or settings.GOLDFISH_CHUNK_SOFT_SECONDS,
                },
            ),
        )
        outcome = "failed: time limit"
    except GoalError as error:  # the cards changed since the run was queued
        fail_run(run_id, error.text)
        outcome = "failed: goal"
    except DatabaseError:
        raise  # the stale-run check hands the chunks out again
    except Exception:
        logger.exception("run %s: the engine failed", run_id)
        fail_run(
            run_id,
            Text(
                gettext_noop("The simulation engine failed on this run; the error is in the log.")
            ),
        )
        outcome = "failed: engine error"
    else:
        # Counted as this re-queue's task (`run.requeues` as read at its start), whatever it was sent as.
        store_chunks(run_id, chunks, generation=run.requeues)
        outcome = f"stored chunks {chunks[0].index}-{chunks[-1].index}" if chunks else "no chunks"
        if generation != run.requeues:
            outcome += f" (sent before re-queue {run.requeues})"
    dispatch(run.owner_id)  # this task is done: the account's next one goes to the queue
    return outcome


#: Seconds per chunk this worker measured, for the latest runs: the next task of a run claims a
#: full task's worth at once. A wrong guess (an id back after a database reset) only sizes a claim.
_chunk_seconds: dict[int, float] = {}


def _remember_chunk_seconds(run_id: int, seconds: float) -> None:
    _chunk_seconds.pop(run_id, None)
    _chunk_seconds[run_id] = seconds
    while len(_chunk_seconds) > 64:
        del _chunk_seconds[next(iter(_chunk_seconds))]
