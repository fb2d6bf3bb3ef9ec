"""Writes for simulation runs: requests with their limits, chunk results, failure, stale recovery.

A run's state lives in its row (DESIGN.md "Tasks take ids, state lives in your table"): a chunk task
reads the row, plays its chunk with the seed derived from (run seed, chunk index), and stores the
tallies under a unique (run, index). So a chunk played twice is stored once, chunks may run on any
worker in any order, and the chunk that completes the set merges them into exactly the result of one
process. Recovery never depends on the broker redelivering anything: a run with no sign of life for
`GOLDFISH_STALE_SECONDS` has its missing chunks queued again, and fails after
`GOLDFISH_MAX_REQUEUES` tries.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
import time
from collections.abc import Iterable
from datetime import timedelta
from functools import lru_cache
from typing import Any

from celery.exceptions import SoftTimeLimitExceeded
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import DatabaseError, close_old_connections, transaction
from django.db.models import F, QuerySet, Value
from django.db.models.functions import Coalesce
from django.utils import timezone, translation
from django.utils.translation import gettext, ngettext

from cards.games import decklist as decklist_text
from cards.games import goldfish, messages
from cards.games.game import UnknownFormat
from cards.games.goldfish import GoalError, Plan, Tally
from cards.games.registry import UnknownGame, get_game
from cards.pool import DatabasePool
from decklab.goldfish.models import SimulationChunk, SimulationRun

logger = logging.getLogger(__name__)

ACTIVE = (SimulationRun.Status.QUEUED, SimulationRun.Status.RUNNING)
#: Decklist problems listed in a refusal; the rest are counted.
_SHOWN_PROBLEMS = 5


class SimulationRefused(Exception):
    """A run that will not be queued; the message is for the user.

    `retry_later` marks refusals for load (too many runs now or this hour: HTTP 429) rather than
    for the request itself (HTTP 400).
    """

    def __init__(self, message: str, *, retry_later: bool = False):
        super().__init__(message)
        self.message = message
        self.retry_later = retry_later


def simulation_request(
    *,
    user: AbstractBaseUser | AnonymousUser,
    game: str,
    format: str | None,
    decklist: str,
    goals: list[dict],
    trials: int,
    seed: int | None,
    adaptive: bool = False,
) -> SimulationRun:
    """Check the user's limits, the deck and the goals, then queue the run's chunks."""
    if not user.is_authenticated:
        raise SimulationRefused("Sign in to run simulations in the background.")
    check_trials(trials)
    with transaction.atomic():
        # One request per user at a time, so two quick requests cannot both slip under a limit.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        _check_user_limits(user)
        return create_run(
            owner=user,
            game=game,
            format=format,
            decklist=decklist,
            goals=goals,
            trials=trials,
            seed=seed,
            adaptive=adaptive,
        )


def check_trials(trials: int) -> None:
    limit = settings.GOLDFISH_MAX_TRIALS
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= limit:
        raise SimulationRefused(f"trials must be a whole number from 1 to {limit:,}.")


def _check_user_limits(user: AbstractBaseUser) -> None:
    runs = SimulationRun.objects.filter(owner=user)
    active = runs.filter(status__in=ACTIVE).count()
    if active >= settings.GOLDFISH_MAX_ACTIVE_RUNS:
        raise SimulationRefused(
            gettext(
                "You already have %(active)d runs in progress (at most %(limit)d); "
                "start another when one has finished."
            )
            % {"active": active, "limit": settings.GOLDFISH_MAX_ACTIVE_RUNS},
            retry_later=True,
        )
    hour_ago = timezone.now() - timedelta(hours=1)
    recent = list(
        runs.filter(created_at__gte=hour_ago).order_by("created_at").values_list("created_at")
    )
    if len(recent) >= settings.GOLDFISH_RUNS_PER_HOUR:
        wait = recent[0][0] + timedelta(hours=1) - timezone.now()
        minutes = max(1, round(wait.total_seconds() / 60))
        raise SimulationRefused(
            ngettext(
                "At most %(limit)d runs per hour; try again in %(minutes)d minute.",
                "At most %(limit)d runs per hour; try again in %(minutes)d minutes.",
                minutes,
            )
            % {"limit": settings.GOLDFISH_RUNS_PER_HOUR, "minutes": minutes},
            retry_later=True,
        )


def create_run(
    *,
    owner: AbstractBaseUser | None,
    game: str,
    format: str | None,
    decklist: str,
    goals: list[dict],
    trials: int,
    seed: int | None,
    adaptive: bool = False,
) -> SimulationRun:
    """Check the deck and goals, store the run and queue its chunks (no per-user limits here)."""
    check_trials(trials)
    try:
        format_slug = get_game(game).format(format).slug
    except UnknownGame as error:
        raise SimulationRefused(str(error)) from None
    except UnknownFormat as error:
        raise SimulationRefused(str(error)) from None
    if seed is None:
        seed = secrets.randbelow(2**32)
    try:
        goldfish.check_seed(seed)
        prepared = build_plan(game, decklist, goals)
    except GoalError as error:
        raise SimulationRefused(str(error)) from None
    now = timezone.now()
    run = SimulationRun.objects.create(
        owner=owner,
        game=game,
        format=format_slug,
        decklist=decklist,
        # The cleaned goals (defaults filled in): what the results echo and what workers re-plan.
        goals=[goal.goal for goal in prepared.goals],
        seed=seed,
        trials=trials,
        adaptive=adaptive,
        chunks_total=len(goldfish.chunk_sizes(trials)),
        heartbeat_at=now,
    )
    queue_chunks(run, range(run.chunks_total))
    return run


def build_plan(game: str, decklist: str, goals: Any) -> Plan:
    """The deck resolved against the card database and the goals prepared; `GoalError` if not."""
    pool = DatabasePool(game)
    deck, problems = decklist_text.load(get_game(game), decklist, pool)
    if problems:
        lang = messages.choose_language(translation.get_language())
        shown = [problem.message(lang) for problem in problems[:_SHOWN_PROBLEMS]]
        more = len(problems) - len(shown)
        if more:
            shown.append(gettext("… and %(more)d more.") % {"more": more})
        raise GoalError(gettext("The decklist has problems:") + " " + " ".join(shown))
    if not any(True for _ in deck.entries()):
        raise GoalError(gettext("The decklist holds no cards."))
    return goldfish.plan(game, deck, goals, pool=pool)


def _run_plan(run: SimulationRun) -> Plan:
    """A worker plans each run once, not once per chunk (runs never change once created)."""
    return _cached_plan(run.game, run.decklist, json.dumps(run.goals, sort_keys=True))


@lru_cache(maxsize=16)
def _cached_plan(game: str, decklist: str, goals: str) -> Plan:
    # Keyed by content, not by run id: ids can come back after a database reset.
    return build_plan(game, decklist, json.loads(goals))


def queue_chunks(run: SimulationRun, indexes: Iterable[int]) -> None:
    """Send one task per chunk once the current transaction has committed."""
    from decklab.goldfish.tasks import run_chunk  # the tasks module imports this one

    wanted = list(indexes)

    def send() -> None:
        for index in wanted:
            # The sender's limits travel in the message, so web and workers cannot disagree.
            run_chunk.apply_async(
                (run.pk, index),
                queue=settings.GOLDFISH_QUEUE,
                soft_time_limit=settings.GOLDFISH_CHUNK_SOFT_SECONDS,
                time_limit=settings.GOLDFISH_CHUNK_HARD_SECONDS,
            )

    transaction.on_commit(send)


def play_chunk(run_id: int, index: int, *, soft_limit: float | None = None) -> str:
    """Play and store one chunk of a run; says what happened (for the worker's log).

    `soft_limit` is the chunk's time limit in seconds as the message carried it, for the reason a
    run that passes it fails with.
    """
    run = SimulationRun.objects.filter(pk=run_id).first()
    if run is None or run.finished:
        return "skipped: run gone or finished"
    sizes = goldfish.chunk_sizes(run.trials)
    if not 0 <= index < len(sizes):
        return f"skipped: run {run_id} has no chunk {index}"
    if SimulationChunk.objects.filter(run_id=run_id, index=index).exists():
        _store(run_id, index, None)
        return "skipped: chunk already stored"
    SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        status=SimulationRun.Status.RUNNING,
        started_at=Coalesce(F("started_at"), Value(timezone.now())),
        heartbeat_at=timezone.now(),
    )
    try:
        prepared = _run_plan(run)
        start = time.perf_counter()
        tallies = goldfish.run_chunk(prepared, seed=run.seed, index=index, trials=sizes[index])
        chunk = SimulationChunk(
            run_id=run_id,
            index=index,
            trials=sizes[index],
            tallies=[tally.to_dict() for tally in tallies],
            elapsed_s=time.perf_counter() - start,
        )
        _store(run_id, index, chunk)
    except SoftTimeLimitExceeded:
        fail_run(
            run_id,
            f"A chunk of {sizes[index]:,} games took longer than the limit of "
            f"{soft_limit or settings.GOLDFISH_CHUNK_SOFT_SECONDS:g} s per chunk. "
            "Try fewer or simpler goals.",
        )
        return "failed: time limit"
    except GoalError as error:  # the cards changed since the run was queued
        fail_run(run_id, str(error))
        return "failed: goal"
    except DatabaseError:
        raise  # the stale-run check queues the chunk again
    except Exception:
        logger.exception("run %s chunk %s: the engine failed", run_id, index)
        fail_run(run_id, "The simulation engine failed on this run; the error is in the log.")
        return "failed: engine error"
    return f"stored chunk {index}"


def _store(run_id: int, index: int, chunk: SimulationChunk | None) -> None:
    """Store a chunk once, count the stored ones, and finish the run when they suffice."""
    with transaction.atomic():
        run = SimulationRun.objects.select_for_update().get(pk=run_id)
        if run.finished:
            return
        if chunk is not None and not run.chunks.filter(index=index).exists():
            chunk.save()
        stored = dict(run.chunks.values_list("index", "tallies"))
        run.chunks_done = len(stored)
        run.heartbeat_at = timezone.now()
        totals = _enough(run, stored)
        if totals is not None:
            _finish(run, totals)
        run.save()


def _enough(run: SimulationRun, stored: dict[int, list[dict]]) -> list[Tally] | None:
    """The merged tallies the results come from, once the stored chunks hold them; else None.

    All chunks, merged in index order; or, for an adaptive run, the first chunks 0 … k whose
    totals have converged, whichever chunks finished first: the chunks `goldfish.run` would
    have played in one process, so the result is the same.
    """
    if run.adaptive:
        prepared = _run_plan(run)
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
        "results": goldfish.summarize(_run_plan(run), totals),
    }
    if run.adaptive:
        run.results["adaptive"] = {
            "max_trials": run.trials,
            "half_width": goldfish.ADAPTIVE_HALF_WIDTH,
        }
    run.status = SimulationRun.Status.DONE
    run.finished_at = now


def fail_run(run_id: int, reason: str) -> None:
    """End a run that is still queued or running as failed, with the reason its owner sees."""
    SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        status=SimulationRun.Status.FAILED, error=reason, finished_at=timezone.now()
    )


def requeue_stale_runs(runs: QuerySet[SimulationRun] | None = None) -> int:
    """Queue again the missing chunks of runs with no sign of life; fail those out of tries.

    Each claim is a conditional update on the heartbeat it read, so several workers and page views
    checking at once re-queue a run once. Returns how many runs were re-queued or failed.
    """
    stale_before = timezone.now() - timedelta(seconds=settings.GOLDFISH_STALE_SECONDS)
    candidates = (runs if runs is not None else SimulationRun.objects.all()).filter(
        status__in=ACTIVE, heartbeat_at__lt=stale_before
    )
    handled = 0
    for run in candidates.order_by("heartbeat_at")[:100]:
        claim = SimulationRun.objects.filter(
            pk=run.pk, status__in=ACTIVE, heartbeat_at=run.heartbeat_at
        )
        if run.requeues >= settings.GOLDFISH_MAX_REQUEUES:
            handled += claim.update(
                status=SimulationRun.Status.FAILED,
                finished_at=timezone.now(),
                error=(
                    f"No worker finished this run: no progress for "
                    f"{settings.GOLDFISH_STALE_SECONDS} s, {run.requeues} times. "
                    "The workers may be down or overloaded; try again later."
                ),
            )
            continue
        if claim.update(requeues=F("requeues") + 1, heartbeat_at=timezone.now()):
            stored = set(run.chunks.values_list("index", flat=True))
            missing = [i for i in range(run.chunks_total) if i not in stored]
            logger.warning("run %s: no progress, queueing chunks %s again", run.pk, missing)
            queue_chunks(run, missing)
            handled += 1
    return handled


def refreshed(run: SimulationRun) -> SimulationRun:
    """The run as it stands, after re-queueing it if stale: what every page view and API read do.

    So a run whose worker vanished is recovered (or failed) as soon as someone looks at it, even
    with no worker left to run the periodic check.
    """
    if not run.finished and requeue_stale_runs(SimulationRun.objects.filter(pk=run.pk)):
        run.refresh_from_db()
    return run


def start_stale_watch() -> threading.Thread:
    """Check for stale runs now and then every third of the stale time, in a daemon thread."""
    interval = max(1.0, settings.GOLDFISH_STALE_SECONDS / 3)

    def watch() -> None:
        while True:
            close_old_connections()
            try:
                requeue_stale_runs()
            except Exception:  # a database hiccup must not end the watch
                logger.exception("the stale-run check failed; trying again")
            time.sleep(interval)

    thread = threading.Thread(target=watch, name="goldfish-stale-watch", daemon=True)
    thread.start()
    return thread
