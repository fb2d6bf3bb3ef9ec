"""Writes for simulation runs, by concept: requests and their limits, the fair queue, chunks, the
task's work, stale recovery.

A run's state lives in its row (DESIGN.md "Tasks take ids, state lives in your table"): a task
carries a run id, claims chunks from the run's cursor, plays each with the seed derived from (run
seed, chunk index), and stores the tallies under a unique (run, index). So a chunk played twice is
stored once, chunks may run on any worker in any order, and the task that completes the set merges
them into exactly the result of one process.

- `limits`: what a request may ask (trials, runs at once and per hour, work); `SimulationRefused`.
- `plans`: the deck and goals a run plays, planned once per worker.
- `queue`: the fair queue of tasks per account (`dispatch`), the runs as the outbox.
- `runs`: a user's request, a stored run, a failed run.
- `chunks`: claim, play and store chunks; the set that completes a run merges into its results.
- `worker`: what one task does (`play_chunks`).
- `recovery`: runs with no sign of life handed out again or failed; the workers' watch.

The modules import one another one way (the import contract "The goldfish services import one
another one way"), and never the tasks module, which calls them: a task is published by name.
Callers import from this package; tests patch a name where it is looked up (`queue._send`).
"""

from decklab.goldfish.services.chunks import play, store_chunks
from decklab.goldfish.services.limits import SimulationRefused, check_trials
from decklab.goldfish.services.plans import build_plan, run_plan
from decklab.goldfish.services.queue import ACTIVE, dispatch, dispatch_waiting, work_units
from decklab.goldfish.services.recovery import refreshed, requeue_stale_runs, start_stale_watch
from decklab.goldfish.services.runs import create_run, fail_run, failed_because, simulation_request
from decklab.goldfish.services.worker import play_chunks

__all__ = [
    "ACTIVE",
    "SimulationRefused",
    "build_plan",
    "check_trials",
    "create_run",
    "dispatch",
    "dispatch_waiting",
    "fail_run",
    "failed_because",
    "play",
    "play_chunks",
    "refreshed",
    "requeue_stale_runs",
    "run_plan",
    "simulation_request",
    "start_stale_watch",
    "store_chunks",
    "work_units",
]
