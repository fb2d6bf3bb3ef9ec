"""Stale-run recovery: it never depends on the broker redelivering anything.

A run whose started task gave no sign of life for `GOLDFISH_STALE_SECONDS` has its missing chunks
handed out again (a task still waiting in the broker keeps its place), and fails after
`GOLDFISH_MAX_REQUEUES` tries. Every page view of a run and each worker's watch check.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections
from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Greatest
from django.utils import timezone
from django.utils.translation import gettext_noop

from cards.games.messages import Text
from decklab.celery import app
from decklab.goldfish.models import SimulationRun
from decklab.goldfish.services.chunks import store_chunks
from decklab.goldfish.services.queue import ACTIVE, dispatch, dispatch_waiting
from decklab.goldfish.services.runs import failed_because

logger = logging.getLogger(__name__)


def requeue_stale_runs(runs: QuerySet[SimulationRun] | None = None) -> int:
    """Hand out again the missing chunks of runs with no sign of life; fail those out of tries.

    Stale means a task started (`tasks_running`; or every chunk was claimed) and nothing came back
    for `GOLDFISH_STALE_SECONDS`. A run whose tasks only wait in the broker behind other accounts'
    is not stale (issue 22 finding 6: it was re-queued to the back, again and again), nor is one
    waiting for its account's turn; only when the broker's queue is empty while a run still counts
    tasks waiting were those messages lost (a broker restarted without its data). Re-queueing
    counts the started tasks out (`requeues`, their claims now fail), moves the cursor back to the
    first missing chunk, and `dispatch` sends replacements for those only: tasks still waiting in
    the broker keep their place, and a re-queue never multiplies messages. Each claim is a
    conditional update on the heartbeat it read, so several workers and page views checking at
    once re-queue a run once. Returns how many runs were re-queued or failed.
    """
    stale_before = timezone.now() - timedelta(seconds=settings.GOLDFISH_STALE_SECONDS)
    candidates = (runs if runs is not None else SimulationRun.objects.all()).filter(
        status__in=ACTIVE, heartbeat_at__lt=stale_before
    )
    started = Q(tasks_running__gt=0) | Q(next_chunk__gte=F("chunks_total"))
    waiting = Q(tasks_in_flight__gt=F("tasks_running"))
    queue_empty = candidates.filter(waiting & ~started).exists() and _queue_is_empty()
    candidates = candidates.filter(started | waiting) if queue_empty else candidates.filter(started)
    handled = 0
    for run in candidates.order_by("heartbeat_at").only(
        "pk", "owner_id", "requeues", "heartbeat_at", "chunks_total"
    )[:100]:
        claim = SimulationRun.objects.filter(
            pk=run.pk, status__in=ACTIVE, heartbeat_at=run.heartbeat_at
        )
        if run.requeues >= settings.GOLDFISH_MAX_REQUEUES:
            handled += claim.update(
                status=SimulationRun.Status.FAILED,
                finished_at=timezone.now(),
                **failed_because(
                    Text(
                        gettext_noop(
                            "No worker finished this run: no progress for %(seconds)d s, "
                            "%(times)d times. The workers may be down or overloaded; try again "
                            "later."
                        ),
                        {"seconds": settings.GOLDFISH_STALE_SECONDS, "times": run.requeues},
                    )
                ),
            )
            continue
        stored = set(run.chunks.values_list("index", flat=True))
        missing = [i for i in range(run.chunks_total) if i not in stored]
        # The started tasks went silent; with the queue empty, the waiting ones were lost too.
        lost = F("tasks_in_flight") if queue_empty else F("tasks_running")
        if claim.update(
            requeues=F("requeues") + 1,
            heartbeat_at=timezone.now(),
            next_chunk=missing[0] if missing else run.chunks_total,
            tasks_in_flight=Greatest(F("tasks_in_flight") - lost, Value(0)),
            tasks_running=0,
        ):
            logger.warning(
                "run %s: no progress, handing out its %s missing chunks again", run.pk, len(missing)
            )
            if missing:
                dispatch(run.owner_id)
            else:  # every chunk stored, the finish lost: store nothing and finish
                store_chunks(run.pk, [])
            handled += 1
    return handled


def _queue_is_empty() -> bool:
    """Whether the broker holds no message on the runs' queue (False when it cannot tell)."""
    try:
        with app.connection_for_read() as connection:
            # Declared, not looked up passively: Redis has no list for an empty queue.
            declared = connection.default_channel.queue_declare(queue=settings.GOLDFISH_QUEUE)
    except Exception as error:  # any broker error: assume the messages are there
        logger.warning("could not read the run queue's length (%s)", error)
        return False
    return declared.message_count == 0


def refreshed(run: SimulationRun) -> SimulationRun:
    """The run as it stands, after re-queueing it if stale: what every page view and API read do.

    So a run whose worker vanished is recovered (or failed) as soon as someone looks at it, even
    with no worker left to run the periodic check; and a run waiting in the outbox (the broker was
    down) is sent as soon as the broker is back and someone looks.
    """
    if run.finished:
        return run
    waiting = run.tasks_in_flight == 0 and run.next_chunk < run.chunks_total
    if requeue_stale_runs(SimulationRun.objects.filter(pk=run.pk)) or (
        waiting and dispatch(run.owner_id)
    ):
        run.refresh_from_db()
    return run


def start_stale_watch() -> threading.Thread:
    """Check for stale and waiting runs now, then every third of the stale time, at most every 10 s.

    In a daemon thread of each worker's main process."""
    interval = min(10.0, max(1.0, settings.GOLDFISH_STALE_SECONDS / 3))

    def watch() -> None:
        while True:
            close_old_connections()
            try:
                requeue_stale_runs()
                dispatch_waiting()
            except Exception:  # a database or broker hiccup must not end the watch
                logger.exception("the stale-run check failed; trying again")
            time.sleep(interval)

    thread = threading.Thread(target=watch, name="goldfish-stale-watch", daemon=True)
    thread.start()
    return thread
