"""Goldfish engines: games/s of the fast engine against a lean plain-Python loop, and exact query
times.

The cases are each game's (`GAME.bench`, `cards/games/<slug>/bench.py`), and so are their lean
loops (`cards/games/<slug>/lean.py`): the quickest plain loop a competent engineer would write for
the goal (a whole-deck `random.shuffle`, one game at a time), checked against the exact answer or
the fast engine in tests/games/test_lean_loops.py. Both run in the same process on the same goal,
`REPEATS` times in alternation; the bench prints the median ratio and its spread (issue 25: the
goal is ≥ 25× in every pair). Exact answers are timed per query, beside the time the fast engine
takes for 10,000 games of the same goal. Seconds are process CPU time.
"""

from __future__ import annotations

import random
import statistics
import time

from cards.games import goldfish
from cards.games.bench import EngineCase
from cards.games.registry import all_games
from decklab.tooling.bench.report import REPEATS

#: Goal types whose exact answer is a DP (target under 5 ms) rather than a closed sum (50 µs).
DP_GOALS = {"mulligan", "g_in_play", "best_hand", "energy_curve", "deck_out", "speed", "draws"}
#: An exact answer's baseline: the time the fast engine takes for this many games of the goal.
BASELINE_GAMES = 10_000
#: What the fast engine should reach against its lean loop, in every pair.
LEAN_TARGET = "≥ 25× the lean loop"


def _games_per_second(plan: goldfish.Plan, trials: int) -> float:
    """The fast engine, in chunks as a run plays them."""
    start = time.process_time()
    for index, size in enumerate(goldfish.chunk_sizes(trials)):
        goldfish.run_chunk(plan, seed=1, index=index, trials=size)
    return trials / (time.process_time() - start)


def _lean_games_per_second(plan: goldfish.Plan, case: EngineCase, seed: int) -> float:
    assert case.lean is not None
    start = time.process_time()
    case.lean(plan.goals[0], random.Random(seed), case.lean_trials)
    return case.lean_trials / (time.process_time() - start)


def _exact_microseconds(plan: goldfish.Plan, repeat: int = 50) -> float:
    goal = plan.goals[0]
    start = time.process_time()
    for _ in range(repeat):
        goal.exact()
    return (time.process_time() - start) / repeat * 1e6


def run_case(report, game: str, case: EngineCase) -> None:
    fast_name, exact_name = f"{case.name}: fast engine", f"{case.name}: exact answer"
    if not (report.wants(fast_name) or (case.exact and report.wants(exact_name))):
        return
    plan = goldfish.plan(game, case.deck, [case.goal], pool=case.pool)
    goldfish.run_chunk(plan, seed=1, index=0, trials=1_000)  # warm-up: tables, compiled code
    fast, lean = [], []
    for repeat in range(REPEATS):
        lean.append(_lean_games_per_second(plan, case, seed=repeat))
        fast.append(_games_per_second(plan, case.fast_trials))
    report.repeated(
        fast_name, fast, case.unit, baseline=("lean plain loop", lean), target=LEAN_TARGET
    )
    if case.exact:
        report(
            exact_name,
            _exact_microseconds(plan),
            "µs",
            baseline=(
                f"{BASELINE_GAMES:,} games of the fast engine",
                BASELINE_GAMES / statistics.median(fast) * 1e6,
            ),
            target="< 5000 µs (DP)" if case.goal["type"] in DP_GOALS else "< 50 µs",
        )


def run(report) -> None:
    for game in all_games():
        if game.bench is not None:
            for case in game.bench().engines:
                run_case(report, game.slug, case)
