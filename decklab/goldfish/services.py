"""Writes for simulation runs: requests with their limits, chunk results, failure, stale recovery.

A run's state lives in its row (DESIGN.md "Tasks take ids, state lives in your table"): a task
carries a run id, claims chunks from the run's cursor, plays each with the seed derived from (run
seed, chunk index), and stores the tallies under a unique (run, index). So a chunk played twice is
stored once, chunks may run on any worker in any order, and the task that completes the set merges
them into exactly the result of one process. Tasks are dealt fairly between accounts (`dispatch`).
Work is counted in units, games × goals × goal cost (`work_units`): an account's tasks out at once
and its unfinished runs are budgeted in them, and a run whose one chunk could not fit the time limit
is refused up front. Recovery never depends on the broker redelivering anything: a run whose started
task gave no sign of life for `GOLDFISH_STALE_SECONDS` has its missing chunks handed out again (a
task still waiting in the broker keeps its place), and fails after `GOLDFISH_MAX_REQUEUES` tries.
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
from django.db.models import F, Q, QuerySet, Value
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from cards import limits
from cards.games import decklist as decklist_text
from cards.games import goldfish
from cards.games.base import GameData
from cards.games.game import UnknownFormat
from cards.games.goldfish import GoalError, Plan, Tally
from cards.games.messages import Text
from cards.games.registry import UnknownGame, get_game
from cards.languages import translated
from cards.pool import DatabasePool, game_data
from decklab.celery import app
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
        raise SimulationRefused(gettext("Sign in to run simulations in the background."))
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
            limit_work=True,
        )


def check_trials(trials: int) -> None:
    limit = settings.GOLDFISH_MAX_TRIALS
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= limit:
        raise SimulationRefused(
            gettext("trials must be a whole number from 1 to %(limit)s.") % {"limit": f"{limit:,}"}
        )


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
    limit_work: bool = False,
) -> SimulationRun:
    """Check the deck and goals, store the run and queue its chunks. Per-user limits only with
    `limit_work` (the owner's work budget); a chunk that is too much work is always refused."""
    check_trials(trials)
    try:
        format_slug = get_game(game).format(format).slug
    except (UnknownGame, UnknownFormat) as error:
        raise SimulationRefused(translated(error.text)) from None
    if seed is None:
        seed = secrets.randbelow(2**32)
    try:
        goldfish.check_seed(seed)
        prepared = build_plan(game, decklist, goals)
    except GoalError as error:
        raise SimulationRefused(translated(error.text)) from None
    cleaned = [goal.goal for goal in prepared.goals]
    _check_chunk_work(game, cleaned, trials)
    if limit_work and owner is not None:
        _check_account_work(owner, work_units(game, cleaned, trials))
    now = timezone.now()
    run = SimulationRun.objects.create(
        owner=owner,
        game=game,
        format=format_slug,
        decklist=decklist,
        # The cleaned goals (defaults filled in): what the results echo and what workers re-plan.
        goals=cleaned,
        seed=seed,
        trials=trials,
        adaptive=adaptive,
        chunks_total=len(goldfish.chunk_sizes(trials)),
        heartbeat_at=now,
    )
    dispatch(run.owner_id)
    return run


def work_units(game: str, goals: list[dict], games: int) -> float:
    """Games × goals × goal cost (`GoalType.cost`: a `drawn` goal is 1): what the queue budgets."""
    types = goldfish.goal_types(game)
    return games * sum(types[goal["type"]].cost for goal in goals)


def _chunk_work(run: SimulationRun) -> float:
    """The work of one of the run's chunks: what one of its tasks holds a worker for at least."""
    return work_units(run.game, run.goals, min(run.trials, goldfish.CHUNK))


def _check_chunk_work(game: str, goals: list[dict], trials: int) -> None:
    """Refuse goals whose one chunk could not finish within a chunk's time limit."""
    work = work_units(game, goals, min(trials, goldfish.CHUNK))
    if work > settings.GOLDFISH_CHUNK_MAX_WORK:
        raise SimulationRefused(
            gettext(
                "These goals are too much work for one chunk of %(games)s games (%(work)s units, "
                "at most %(limit)s): use fewer goals, or fewer match goals."
            )
            % {
                "games": f"{min(trials, goldfish.CHUNK):,}",
                "work": f"{work:,.0f}",
                "limit": f"{settings.GOLDFISH_CHUNK_MAX_WORK:,}",
            }
        )


def _check_account_work(owner: AbstractBaseUser, work: float) -> None:
    """Refuse a run that would take the owner's unfinished work past its budget (HTTP 429)."""
    runs = SimulationRun.objects.filter(owner=owner, status__in=ACTIVE).only(
        "game", "goals", "trials", "chunks_done", "chunks_total"
    )
    left = sum(
        work_units(run.game, run.goals, run.trials) * (1 - run.chunks_done / run.chunks_total)
        for run in runs
    )
    if runs and left + work > settings.GOLDFISH_ACCOUNT_MAX_WORK:
        raise SimulationRefused(
            gettext(
                "Your runs in progress and this one are too much work at once (%(work)s units, "
                "at most %(limit)s); start it when one has finished."
            )
            % {"work": f"{left + work:,.0f}", "limit": f"{settings.GOLDFISH_ACCOUNT_MAX_WORK:,}"},
            retry_later=True,
        )


def build_plan(game: str, decklist: str, goals: Any, data: GameData | None = None) -> Plan:
    """The deck resolved against the card database and the goals prepared with the game's
    imported data (`data`, else read now); `GoalError` if not."""
    pool = DatabasePool(game)
    try:
        limits.check_text(decklist)
        deck, problems = decklist_text.load(get_game(game), decklist, pool)
        limits.check_deck(deck.quantities())
    except limits.TooLarge as error:
        raise GoalError(str(error)) from None
    if problems:
        raise goldfish.problems_error(
            gettext_noop("The decklist has problems: %(problems)s%(more)s"),
            problems,
            _SHOWN_PROBLEMS,
        )
    if not any(True for _ in deck.entries()):
        raise GoalError(gettext_noop("The decklist holds no cards."))
    return goldfish.plan(
        game, deck, goals, pool=pool, data=game_data(game) if data is None else data
    )


def run_plan(run: SimulationRun) -> Plan:
    """A worker plans each run once, not once per chunk (runs never change once created), and
    again when the game's imported data has changed since (Blade Rondo's set decks)."""
    data = json.dumps(game_data(run.game), sort_keys=True)
    return _cached_plan(run.game, run.decklist, json.dumps(run.goals, sort_keys=True), data)


@lru_cache(maxsize=16)
def _cached_plan(game: str, decklist: str, goals: str, data: str) -> Plan:
    # Keyed by content, not by run id: ids can come back after a database reset.
    return build_plan(game, decklist, json.loads(goals), json.loads(data))


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
    from decklab.goldfish.tasks import run_chunks  # the tasks module imports this one

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
            claimed = _claim(run, max(1, int(wanted)))
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


def _claim(run: SimulationRun, wanted: int) -> range:
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


def fail_run(run_id: int, reason: Text) -> None:
    """End a run that is still queued or running as failed, with the reason its owner sees (in the
    owner's language when shown: `SimulationRun.failure`)."""
    SimulationRun.objects.filter(pk=run_id, status__in=ACTIVE).update(
        status=SimulationRun.Status.FAILED, finished_at=timezone.now(), **failed_because(reason)
    )


def failed_because(reason: Text) -> dict[str, Any]:
    """The fields of a failed run's reason: the text to translate, and its English words."""
    return {"error": str(reason), "error_text": reason.to_json()}


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
