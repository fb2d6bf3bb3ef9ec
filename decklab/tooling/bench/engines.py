"""Goldfish engines: games/s of the fast engine against the reference engine, and exact query times.

The cases are each game's (`GAME.bench`, `cards/games/<slug>/bench.py`). Each runs both engines in
the same process on the same goal, so the ratio is the speed-up of the vectorised engine over the
specification; exact answers are timed per query, beside the time the fast engine takes for 10,000
games of the same goal. Seconds are process CPU time.
"""

from __future__ import annotations

import time

from cards.games import goldfish
from cards.games.bench import EngineCase
from cards.games.registry import all_games

#: Goal types whose exact answer is a DP (target under 5 ms) rather than a closed sum (50 µs).
DP_GOALS = {"mulligan", "g_in_play", "best_hand", "energy_curve", "deck_out", "speed", "draws"}
#: An exact answer's baseline: the time the fast engine takes for this many games of the goal.
BASELINE_GAMES = 10_000


def _games_per_second(plan: goldfish.Plan, engine: str, trials: int) -> float:
    start = time.process_time()
    for index, size in enumerate(goldfish.chunk_sizes(trials)):
        goldfish.run_chunk(plan, seed=1, index=index, trials=size, engine=engine)
    return trials / (time.process_time() - start)


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
    reference = _games_per_second(plan, "reference", case.reference_trials)
    fast = _games_per_second(plan, "fast", case.fast_trials)
    report(fast_name, fast, case.unit, baseline=("reference engine", reference), target=case.target)
    if case.exact:
        report(
            exact_name,
            _exact_microseconds(plan),
            "µs",
            baseline=(f"{BASELINE_GAMES:,} games of the fast engine", BASELINE_GAMES / fast * 1e6),
            target="< 5000 µs (DP)" if case.goal["type"] in DP_GOALS else "< 50 µs",
        )


def run(report) -> None:
    for game in all_games():
        if game.bench is not None:
            for case in game.bench().engines:
                run_case(report, game.slug, case)
