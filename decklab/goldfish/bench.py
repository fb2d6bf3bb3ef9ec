"""Benchmark: a default 100,000-game run end to end through a real worker, against in-process.

End to end means what a user waits for: the request's checks and row, the broker, a worker process
planning and playing the chunks, storing them, merging and summarising, and the poll that sees the
run done. The same run in the calling process (`cards.games.goldfish.run`) is the baseline.
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
from decklab.goldfish.workers import WorkerProcess

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


def _through_worker(text: str, goals: list[dict]) -> float:
    # A fresh comment line makes each run's decklist new to the worker's plan cache, as a user's is.
    fresh = f"# benchmark {uuid.uuid4()}\n{text}"
    start = time.perf_counter()
    run = services.create_run(
        owner=None, game=GAME, format=None, decklist=fresh, goals=goals, trials=100_000, seed=1
    )
    while not SimulationRun.objects.filter(pk=run.pk, status="done").exists():
        if SimulationRun.objects.filter(pk=run.pk, status="failed").exists():
            raise RuntimeError(f"the benchmark run failed: {SimulationRun.objects.get(pk=run.pk)}")
        if time.perf_counter() - start > 120:
            raise RuntimeError("the benchmark run did not finish within 120 s")
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

    def in_process() -> float:
        start = time.perf_counter()
        goldfish.run(GAME, deck, goals, trials=100_000, seed=1)
        return time.perf_counter() - start

    queue = f"decklab-bench-{uuid.uuid4().hex[:10]}"
    with tempfile.TemporaryDirectory() as folder, override_settings(GOLDFISH_QUEUE=queue):
        worker = WorkerProcess(queue=queue, log=Path(folder) / "worker.log").start()
        try:
            _through_worker(text, goals)  # warm-up: the worker's first task imports the engines
            end_to_end = _median(lambda: _through_worker(text, goals))
        finally:
            worker.stop()
            SimulationRun.objects.filter(owner=None, decklist__startswith="# benchmark ").delete()
    report(
        "default 100k-game run, end to end through a real worker",
        end_to_end,
        "s",
        baseline=("the same run in-process", _median(in_process)),
        target="< 1 s end to end",
    )
