"""The fair queue: each account's tasks in flight, dealt round robin, published with the runs as
the outbox.

Work is counted in units, games × goals × goal cost (`work_units`): an account's tasks out at once
are budgeted in them. A task is published by its registered name (`RUN_CHUNKS`, the task in
`decklab.goldfish.tasks`), so the services never import the tasks that call them.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from cards.games import goldfish
from decklab.celery import app
from decklab.goldfish.models import SimulationRun

logger = logging.getLogger(__name__)

#: The name `decklab.goldfish.tasks.run_chunks` is registered under: what the queue publishes.
RUN_CHUNKS = "goldfish.run_chunks"

#: The states of a run that still wants chunks played.
ACTIVE = (SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING)


def work_units(game: str, goals: list[dict], games: int) -> float:
    """Games × goals × goal cost (`GoalType.cost`: a `drawn` goal is 1): what the queue budgets."""
    types = goldfish.goal_types(game)
    return games * sum(types[goal["type"]].cost for goal in goals)


def _chunk_work(run: SimulationRun) -> float:
    """The work of one of the run's chunks: what one of its tasks holds a worker for at least."""
    return work_units(run.game, run.goals, min(run.trials, goldfish.CHUNK))


def dispatch(owner_id: int | None) -> int:
    """Fill one account's quota of tasks in flight from its runs with chunks left, round robin.

    The fair queue (issue 9, issue 22 finding 6): an account never has more than
    `GOLDFISH_TASKS_PER_USER` tasks in the broker or running, nor more work in them than
    `GOLDFISH_TASK_WORK_PER_USER` (a task counts one chunk's work; one task is always allowed), so
    another account's first task waits behind about one budget of each busy account's work,
    whatever their runs' sizes or goals; each finished task sends its account's next one to the
    back of the queue, so busy accounts take turns. A task carries (run id, generation), not chunks: it claims chunks from
    the run's cursor when it starts (`play_chunks`), so messages never pile up per chunk. The runs
    are the outbox: a task the broker refuses is not counted, and the run is sent again by the next
    dispatch (a worker's periodic check, a page view of the run). Returns how many tasks were sent.
    """
    quota = settings.GOLDFISH_TASKS_PER_USER
    with transaction.atomic():
        runs = list(
            SimulationRun.objects.select_for_update()
            .filter(owner_id=owner_id, status__in=ACTIVE)
            .order_by("pk")
            .only(
                "pk",
                "requeues",
                "next_chunk",
                "chunks_total",
                "tasks_in_flight",
                "game",
                "goals",
                "trials",
            )
        )
        work = {run.pk: _chunk_work(run) for run in runs}
        free = quota - sum(run.tasks_in_flight for run in runs)
        out = sum(run.tasks_in_flight * work[run.pk] for run in runs)
        sends: list[SimulationRun] = []
        while free > 0:
            # A run gets no more tasks than it has chunks nobody has claimed yet.
            open_runs = [r for r in runs if r.tasks_in_flight < r.chunks_total - r.next_chunk]
            if not open_runs:
                break
            run = min(open_runs, key=lambda r: (r.tasks_in_flight, r.pk))
            if out and out + work[run.pk] > settings.GOLDFISH_TASK_WORK_PER_USER:
                break
            run.tasks_in_flight += 1
            free -= 1
            out += work[run.pk]
            sends.append(run)
        for run in set(sends):
            SimulationRun.objects.filter(pk=run.pk).update(tasks_in_flight=run.tasks_in_flight)
        messages = [(run.pk, run.requeues) for run in sends]
        if messages:
            transaction.on_commit(lambda: _send(messages))
    return len(messages)


def _send(messages: list[tuple[int, int]]) -> None:
    """Publish the tasks; one the broker refuses goes back to its run's outbox (never a 500)."""
    # Registered when the app is ready (`GoldfishConfig.ready` imports the tasks module).
    run_chunks = app.tasks[RUN_CHUNKS]
    sent: list[int] = []
    for position, (run_id, generation) in enumerate(messages):
        try:
            # The sender's limits travel in the message, so web and workers cannot disagree:
            # a task plays chunks for up to GOLDFISH_TASK_SECONDS, and one chunk may take its limit.
            run_chunks.apply_async(
                (run_id, generation),
                {"chunk_seconds": settings.GOLDFISH_CHUNK_SOFT_SECONDS},
                queue=settings.GOLDFISH_QUEUE,
                soft_time_limit=settings.GOLDFISH_CHUNK_SOFT_SECONDS
                + settings.GOLDFISH_TASK_SECONDS,
                time_limit=settings.GOLDFISH_CHUNK_HARD_SECONDS + settings.GOLDFISH_TASK_SECONDS,
                retry_policy=settings.GOLDFISH_PUBLISH_RETRY,
            )
        except Exception as error:  # any broker or connection error: the run row is the outbox
            logger.warning("the broker refused run tasks (%s); they wait in the runs", error)
            for unsent_run, unsent_generation in messages[position:]:
                SimulationRun.objects.filter(
                    pk=unsent_run, requeues=unsent_generation, tasks_in_flight__gt=0
                ).update(
                    tasks_in_flight=F("tasks_in_flight") - 1,
                    queue_unreachable_since=Coalesce(
                        F("queue_unreachable_since"), Value(timezone.now())
                    ),
                )
            break
        sent.append(run_id)
    if sent:
        SimulationRun.objects.filter(pk__in=sent, queue_unreachable_since__isnull=False).update(
            queue_unreachable_since=None
        )


def dispatch_waiting() -> int:
    """Dispatch every account with a run waiting for a task (a worker's periodic check)."""
    owners = (
        SimulationRun.objects.filter(
            status__in=ACTIVE, tasks_in_flight=0, next_chunk__lt=F("chunks_total")
        )
        .values_list("owner_id", flat=True)
        .distinct()
    )
    return sum(dispatch(owner) for owner in set(owners))
