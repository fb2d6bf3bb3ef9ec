"""The engines bench's baselines (issue 25): every benchmarked goal has a lean plain-Python loop,
and each loop answers its goal, checked against the exact answer where the goal has one and else
against the fast engine (within 4.5 standard errors). Timing is the bench's, never a test's."""

from __future__ import annotations

import math
import random

import pytest

from cards.games import goldfish
from cards.games.registry import all_games

CASES = [
    (game.slug, case)
    for game in all_games()
    if game.bench is not None
    for case in game.bench().engines
]
LEAN_GAMES = {"match": 1_500}
FAST_GAMES = 200_000


def figure(result: dict, path: str) -> tuple[float, float | None]:
    """The figure at a dotted path of a goal's result, and its exact answer (or None)."""
    *parents, key = path.split(".")
    for parent in parents:
        result = result[parent]
    return result[key], result.get("exact")


@pytest.mark.parametrize(("game", "case"), CASES, ids=[case.name for _, case in CASES])
def test_every_benchmarked_goal_has_a_lean_loop_that_answers_it(game, case):
    assert case.lean is not None, f"{case.name} has no lean loop for the bench's baseline"
    plan = goldfish.plan(game, case.deck, [case.goal], pool=case.pool)
    games = LEAN_GAMES.get(case.goal["type"], 6_000)
    lean = case.lean(plan.goals[0], random.Random(7), games)
    out = goldfish.run(game, case.deck, [case.goal], trials=FAST_GAMES, seed=3, pool=case.pool)
    fast, exact = figure(out["results"][0], case.figure)
    expected, others = (exact, 0) if exact is not None else (fast, FAST_GAMES)
    variance = expected * (1 - expected)
    error = math.sqrt(variance / games + (variance / others if others else 0.0))
    assert abs(lean - expected) <= 4.5 * error + 1e-9, (lean, expected)


def test_a_worker_warms_up_every_game_s_fast_engines_without_error():
    goldfish.warm_up(games=2)
