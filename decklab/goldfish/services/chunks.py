"""Chunks of a run: claimed from the run's cursor, played, stored once each, merged into results.

A chunk is played with the seed derived from (run seed, chunk index) and stored under a unique
(run, index): a chunk played twice is stored once, chunks may run on any worker in any order, and
the store that completes the set merges them into exactly the result of one process.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from django.db import transaction
from django.db.models import F, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from cards.games import goldfish
from cards.games.goldfish import Plan, Tally
from decklab.goldfish.models import SimulationChunk, SimulationRun
from decklab.goldfish.services.plans import run_plan
from decklab.goldfish.services.queue import ACTIVE


def claim(run: SimulationRun, wanted: int) -> range:
    """Move the run's cursor past up to `wanted` chunks nobody has claimed; those chunks, or none.

    A conditional update on the cursor as last read (re-read after a lost race), so two tasks of
    the same run never claim the same chunk; the first claim also marks the run running.
    """
    now = timezone.now()
    for _ in range(20):
        start = run.next_chunk
        end = min(run.chunks_total, start + wanted)
        if start >= end:
            return range(0)
        claimed = SimulationRun.objects.filter(
            pk=run.pk, requeues=run.requeues, next_chunk=start, status__in=ACTIVE
        ).update(
            next_chunk=end,
            status=SimulationRun.Status.RUNNING,
            started_at=Coalesce(F("started_at"), Value(now)),
            heartbeat_at=now,
        )
        if claimed:
            run.next_chunk = end
            return range(start, end)
        fresh = SimulationRun.objects.filter(pk=run.pk).values("next_chunk", "requeues", "status")
        state = fresh.first()
        if state is None or state["requeues"] != run.requeues or state["status"] not in ACTIVE:
            return range(0)
        run.next_chunk = state["next_chunk"]
    return range(0)


def play(run: SimulationRun, prepared: Plan, indexes: Iterable[int]) -> list[SimulationChunk]:
    """Play chunks of a run (each seeded from (run seed, index)); the rows to store."""
    sizes = goldfish.chunk_sizes(run.trials)
    chunks = []
    for index in indexes:
        start = time.perf_counter()
        tallies = goldfish.run_chunk(prepared, seed=run.seed, index=index, trials=sizes[index])
        chunks.append(
            SimulationChunk(
                run_id=run.pk,
                index=index,
                trials=sizes[index],
                tallies=[tally.to_dict() for tally in tallies],
                elapsed_s=time.perf_counter() - start,
            )
        )
    return chunks


def store_chunks(
    run_id: int, chunks: list[SimulationChunk], *, generation: int | None = None
) -> None:
    """Store chunks once each, count the stored ones, and finish the run when they suffice.

    `generation` is the run's re-queue count when the task that played them started: that task is
    no longer in flight nor running. Chunks of a task that started before a re-queue (counted out by
    it) are stored all the same.
    """
    with transaction.atomic():
        SimulationChunk.objects.bulk_create(chunks, ignore_conflicts=True)
        run = (
            SimulationRun.objects.select_for_update()
            .defer("results", "error", "error_text")
            .get(pk=run_id)
        )
        if run.finished:
            return
        run.chunks_done = run.chunks.count()
        run.heartbeat_at = timezone.now()
        changed = ["chunks_done", "heartbeat_at"]
        if generation == run.requeues:
            run.tasks_in_flight = max(0, run.tasks_in_flight - 1)
            run.tasks_running = max(0, run.tasks_running - 1)
            changed += ["tasks_in_flight", "tasks_running"]
        if run.adaptive or run.chunks_done >= run.chunks_total:
            totals = _enough(run, dict(run.chunks.values_list("index", "tallies")))
            if totals is not None:
                _finish(run, totals)
                changed += ["results", "status", "finished_at"]
        run.save(update_fields=changed)


def _enough(run: SimulationRun, stored: dict[int, list[dict]]) -> list[Tally] | None:
    """The merged tallies the results come from, once the stored chunks hold them; else None.

    All chunks, merged in index order; or, for an adaptive run, the first chunks 0 … k whose
    totals have converged, whichever chunks finished first: the chunks `goldfish.run` would
    have played in one process, so the result is the same.
    """
    if run.adaptive:
        prepared = run_plan(run)
        totals: list[Tally] = [Tally() for _ in prepared.goals]
        index = 0
        while index in stored:
            totals = goldfish.merge(totals, [Tally.from_dict(t) for t in stored[index]])
            if goldfish.converged(prepared, totals):
                return totals
            index += 1
    if len(stored) < run.chunks_total:
        return None
    return goldfish.merge_chunks(
        [Tally.from_dict(t) for t in stored[index]] for index in sorted(stored)
    )


def _finish(run: SimulationRun, totals: list[Tally]) -> None:
    """Summarise the merged tallies: the CONTRACT §5 object."""
    now = timezone.now()
    started = run.started_at or run.created_at
    run.results = {
        "game": run.game,
        "format": run.format,
        "trials": totals[0].games,
        "seed": run.seed,
        "elapsed_s": round((now - started).total_seconds(), 3),
        "results": goldfish.summarize(run_plan(run), totals),
    }
    if run.adaptive:
        run.results["adaptive"] = {
            "max_trials": run.trials,
            "half_width": goldfish.ADAPTIVE_HALF_WIDTH,
        }
    run.status = SimulationRun.Status.DONE
    run.finished_at = now
