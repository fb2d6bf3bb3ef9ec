"""Benchmark: runs end to end through real workers, against the same runs in-process.

End to end means what a user waits for: the request's checks and row, the broker, a worker process
planning and playing the chunks, storing them, merging and summarising, and the poll that sees the
run done. The same run in the calling process (`cards.games.goldfish.run`) is the baseline.
Figures: a default 100,000-game run; the default DRAWS◎TROIDAL match (100,000 greedy games of a
sample deck against itself; issue 25: under 1 s); a 10M-game drawn run through one worker (goal
within 2× of in-process in every pair); three concurrent 10M-game runs through one and through two
workers. Each pair is measured `REPEATS` times in alternation (issue 25: one pair moved the ratio
from 0.46× to 1.18× between two runs); the report gives the median ratio and its spread.
"""

from __future__ import annotations

import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path

from django.test import override_settings

from cards.decklists import decklist_load
from cards.games import goldfish
from cards.games.decklist import export
from cards.games.registry import get_game
from cards.models import Card
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from decklab.tooling.bench.report import REPEATS, Report
from decklab.tooling.workers import WorkerProcess

GAME = "dbscg"
MATCH_GAME = "draws_troidal"
#: The sample deck of the match figure: the deck of the game's first greedy match scenario.
MATCH_DECK = "rainbow"
BIG = 10_000_000
#: Seconds between two looks at the runs: a poll is one query, and it shares the cores with the
#: worker, so it should not spin (issue 25: polling cost).
POLL_SECONDS = 0.01


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


def _match_decklist() -> str | None:
    """The deck of the game's first greedy match scenario (`GAME.bench`, kept in the game's own
    folder: the rainbow sample deck), when its cards are in the database."""
    game = get_game(MATCH_GAME)
    engines = game.bench().engines if game.bench is not None else ()
    case = next(
        (c for c in engines if c.goal.get("type") == "match" and c.goal.get("policy") == "greedy"),
        None,
    )
    if case is None:
        return None
    text = export(game, case.deck)
    _deck, problems = decklist_load(game=MATCH_GAME, text=text)
    return None if problems else text


def _through_worker(
    game: str, text: str, goals: list[dict], trials: int = 100_000, runs: int = 1
) -> float:
    """Seconds from starting `runs` runs at once to the last one done."""
    start = time.perf_counter()
    pks = [
        # A fresh comment line makes each run's decklist new to the worker's plan cache, as a
        # user's is.
        services.create_run(
            owner=None,
            game=game,
            format=None,
            decklist=f"# benchmark {uuid.uuid4()}\n{text}",
            goals=goals,
            trials=trials,
            seed=1,
        ).pk
        for _ in range(runs)
    ]
    while True:
        statuses = list(SimulationRun.objects.filter(pk__in=pks).values_list("status", flat=True))
        if "failed" in statuses:
            raise RuntimeError(f"a benchmark run failed: {pks}")
        if statuses.count("done") == runs:
            return time.perf_counter() - start
        if time.perf_counter() - start > 600:
            raise RuntimeError("the benchmark runs did not finish within 600 s")
        time.sleep(POLL_SECONDS)


#: Process CPU seconds of each in-process run, by game: on a loaded machine a run's wall time is
#: mostly waiting for a core, so the match figure says what the run itself costs beside it.
CPU_SECONDS: dict[str, list[float]] = {}


def _in_process(game: str, text: str, goals: list[dict], trials: int, runs: int = 1) -> float:
    deck, _ = decklist_load(game=game, text=text)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(runs):
        goldfish.run(game, deck, goals, trials=trials, seed=1)
    CPU_SECONDS.setdefault(game, []).append(time.process_time() - cpu)
    return time.perf_counter() - start


def _pairs(first: Callable[[], float], second: Callable[[], float]) -> tuple[list, list]:
    """Both measured `REPEATS` times, in alternation."""
    firsts, seconds = [], []
    for _ in range(REPEATS):
        firsts.append(first())
        seconds.append(second())
    return firsts, seconds


def run(report: Report) -> None:
    found = _decklist()
    if found is None:
        report("end-to-end run through a worker: no dbscg cards (run `make setup`)", 0, "s")
        return
    text, card = found
    goals = [{"type": "drawn", "cards": [card], "at_least": 1, "turn": 3, "play": "first"}]
    match = _match_decklist()
    match_goals = [{"type": "match"}]
    one, two = (f"decklab-bench-{uuid.uuid4().hex[:10]}-{n}" for n in (1, 2))
    with tempfile.TemporaryDirectory() as folder:
        workers = [
            WorkerProcess(queue=one, log=Path(folder) / "worker-1.log").start(),
            WorkerProcess(queue=two, log=Path(folder) / "worker-2a.log").start(),
            WorkerProcess(queue=two, log=Path(folder) / "worker-2b.log").start(),
        ]

        def worker(queue: str, *args, **kwargs) -> float:
            with override_settings(GOLDFISH_QUEUE=queue):
                return _through_worker(*args, **kwargs)

        try:
            for queue in (one, two, two):  # warm-up: a worker's first task imports the engines
                worker(queue, GAME, text, goals)
                if match:
                    worker(queue, MATCH_GAME, match, match_goals)
            default = _pairs(
                lambda: worker(one, GAME, text, goals),
                lambda: _in_process(GAME, text, goals, 100_000),
            )
            matches = (
                _pairs(
                    lambda: worker(one, MATCH_GAME, match, match_goals),
                    lambda: _in_process(MATCH_GAME, match, match_goals, 100_000),
                )
                if match
                else None
            )
            big = _pairs(
                lambda: worker(one, GAME, text, goals, BIG),
                lambda: _in_process(GAME, text, goals, BIG),
            )
            three = _pairs(
                lambda: worker(one, GAME, text, goals, BIG, runs=3),
                lambda: _in_process(GAME, text, goals, BIG, runs=3),
            )
            scaled = _pairs(
                lambda: worker(two, GAME, text, goals, BIG, runs=3),
                lambda: worker(one, GAME, text, goals, BIG, runs=3),
            )
        finally:
            for process in workers:
                process.stop()
            SimulationRun.objects.filter(owner=None, decklist__startswith="# benchmark ").delete()
    report.repeated(
        "default 100k-game run, end to end through a real worker",
        default[0],
        "s",
        baseline=("the same run in-process", default[1]),
        target="< 1 s end to end",
    )
    if matches:
        report.repeated(
            f"default {MATCH_GAME} match ({MATCH_DECK} mirror, greedy, 100k games) through a "
            "real worker",
            matches[0],
            "s",
            baseline=("the same run in-process", matches[1]),
            target="< 1 s end to end",
        )
        report.repeated(
            f"default {MATCH_GAME} match in-process, CPU time",
            CPU_SECONDS[MATCH_GAME],
            "s",
            baseline=("its wall time (the rest: waiting for a core)", matches[1]),
            target="< 1 s",
        )
    report.repeated(
        "10M-game drawn run through one real worker",
        big[0],
        "s",
        baseline=("the same run in-process", big[1]),
        target="ratio <= 2 in every pair",
    )
    report.repeated(
        "three concurrent 10M-game runs, one worker",
        three[0],
        "s",
        baseline=("the three in-process, one after another", three[1]),
    )
    report.repeated(
        "three concurrent 10M-game runs, two workers",
        scaled[0],
        "s",
        baseline=("the same three on one worker", scaled[1]),
        target="ratio < 1",
    )
