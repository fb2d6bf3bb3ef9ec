"""Benchmark: runs end to end through real workers, against the same runs in-process.

End to end means what a user waits for: the request's checks and row, the broker, a worker process
planning and playing the chunks, storing them, merging and summarising, and the poll that sees the
run done. The same run in the calling process (`cards.games.goldfish.run`) is the baseline.
Figures: a default 100,000-game run; a 10M-game drawn run through one worker (issue 14: goal
within 2x of in-process); three concurrent 10M-game runs through one and through two workers.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from django.test import override_settings

from cards.games import decklist, goldfish
from cards.games.registry import get_game
from cards.models import Card
from cards.pool import DatabasePool
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from decklab.tooling.workers import WorkerProcess

GAME = "dbscg"
REPEATS = 5


def _decklist() -> tuple[str, str] | None:
    """A 50-card main deck of the first 13 battle cards in the database, and a card to look for."""
    numbers = list(
        Card.objects.filter(game=GAME, type="Battle")
        .order_by("number")
        .values_list("number", flat=True)[:13]
    )
    if len(numbers) < 13:
        return None
    lines = [f"4 {number}" for number in numbers[:12]] + [f"2 {numbers[12]}"]
    return "Main\n" + "\n".join(lines) + "\n", numbers[0]


def _through_worker(text: str, goals: list[dict], trials: int = 100_000, runs: int = 1) -> float:
    """Seconds from starting `runs` runs at once to the last one done."""
    start = time.perf_counter()
    pks = [
        # A fresh comment line makes each run's decklist new to the worker's plan cache, as a
        # user's is.
        services.create_run(
            owner=None,
            game=GAME,
            format=None,
            decklist=f"# benchmark {uuid.uuid4()}\n{text}",
            goals=goals,
            trials=trials,
            seed=1,
        ).pk
        for _ in range(runs)
    ]
    while SimulationRun.objects.filter(pk__in=pks, status="done").count() < runs:
        if SimulationRun.objects.filter(pk__in=pks, status="failed").exists():
            raise RuntimeError(
                f"a benchmark run failed: {SimulationRun.objects.filter(pk__in=pks)}"
            )
        if time.perf_counter() - start > 600:
            raise RuntimeError("the benchmark runs did not finish within 600 s")
        time.sleep(0.002)
    return time.perf_counter() - start


def _median(measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(REPEATS))


def run(report: Callable[..., None]) -> None:
    found = _decklist()
    if found is None:
        report("end-to-end run through a worker: no dbscg cards (run `make setup`)", 0, "s")
        return
    text, card = found
    goals = [{"type": "drawn", "cards": [card], "at_least": 1, "turn": 3, "play": "first"}]
    deck, _ = decklist.load(get_game(GAME), text, DatabasePool(GAME))

    def in_process(trials: int = 100_000) -> float:
        start = time.perf_counter()
        goldfish.run(GAME, deck, goals, trials=trials, seed=1)
        return time.perf_counter() - start

    queue = f"decklab-bench-{uuid.uuid4().hex[:10]}"
    big = 10_000_000
    with tempfile.TemporaryDirectory() as folder, override_settings(GOLDFISH_QUEUE=queue):
        workers = [WorkerProcess(queue=queue, log=Path(folder) / "worker-0.log").start()]
        try:
            _through_worker(text, goals)  # warm-up: the worker's first task imports the engines
            end_to_end = _median(lambda: _through_worker(text, goals))
            big_run = _median(lambda: _through_worker(text, goals, big))
            three_on_one = _through_worker(text, goals, big, runs=3)
            workers.append(WorkerProcess(queue=queue, log=Path(folder) / "worker-1.log").start())
            _through_worker(text, goals)  # warm-up of the second worker
            three_on_two = _through_worker(text, goals, big, runs=3)
        finally:
            for worker in workers:
                worker.stop()
            SimulationRun.objects.filter(owner=None, decklist__startswith="# benchmark ").delete()
    report(
        "default 100k-game run, end to end through a real worker",
        end_to_end,
        "s",
        baseline=("the same run in-process", _median(in_process)),
        target="< 1 s end to end",
    )
    big_in_process = _median(lambda: in_process(big))
    report(
        "10M-game drawn run through one real worker",
        big_run,
        "s",
        baseline=("the same run in-process", big_in_process),
        target="ratio <= 2",
    )
    report(
        "three concurrent 10M-game runs, one worker",
        three_on_one,
        "s",
        baseline=("the three in-process, one after another", 3 * big_in_process),
    )
    report(
        "three concurrent 10M-game runs, two workers",
        three_on_two,
        "s",
        baseline=("the same three on one worker", three_on_one),
        target="ratio < 1",
    )
