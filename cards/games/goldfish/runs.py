"""Runs: seeded fixed-size chunks of games, merged into CONTRACT §5 results."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from cards.games.base import CardPool, Deck, GameData
from cards.games.goldfish.context import GoalError
from cards.games.goldfish.limits import (
    ADAPTIVE_HALF_WIDTH,
    CHUNK,
    DEFAULT_TRIALS,
    ENGINES,
    MAX_SEED,
)
from cards.games.goldfish.planning import Plan, plan
from cards.games.goldfish.tally import Tally, merge
from cards.games.messages import gettext_noop
from cards.games.registry import all_games


def chunk_sizes(trials: int) -> list[int]:
    """The games of each chunk: full `CHUNK`s, then the rest."""
    if trials < 1:
        raise GoalError(gettext_noop("trials must be at least 1."))
    full, rest = divmod(trials, CHUNK)
    return [CHUNK] * full + ([rest] if rest else [])


def check_seed(seed: int) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise GoalError(
            gettext_noop("seed must be a whole number from 0 to %(limit)d."), limit=MAX_SEED
        )
    return seed


def run_chunk(
    plan: Plan, *, seed: int, index: int, trials: int, engine: str = "fast"
) -> list[Tally]:
    """Play one chunk of every goal, seeded from `SeedSequence([seed, index])` (one stream per goal)."""
    streams = np.random.SeedSequence([check_seed(seed), index]).spawn(len(plan.goals))
    tallies = []
    for goal, stream in zip(plan.goals, streams, strict=True):
        if engine == "fast":
            tally = goal.fast(np.random.default_rng(stream), trials)
        elif engine == "reference":
            state = stream.generate_state(4, np.uint32)
            tally = goal.reference(random.Random(int.from_bytes(state.tobytes(), "little")), trials)
        else:
            raise GoalError(
                gettext_noop("engine must be one of %(engines)s."), engines=", ".join(ENGINES)
            )
        tallies.append(tally)
    return tallies


def warm_up(games: int = 20) -> None:
    """Play a few games of every game's benchmark goals (`Game.bench`) with the fast engines:
    loads their compiled code (numba's on-disk cache) and tables, so that the first run after a
    worker starts does not pay for it (issue 25). A scenario that cannot plan is skipped."""
    for game in all_games():
        for case in game.bench().engines if game.bench is not None else ():
            try:
                prepared = plan(game.slug, case.deck, [case.goal], pool=case.pool)
            except GoalError:
                continue
            run_chunk(prepared, seed=0, index=0, trials=games)


def summarize(plan: Plan, tallies: Sequence[Tally]) -> list[dict[str, Any]]:
    """The CONTRACT §5 result object of each goal; a goal that read cards without a fact it needs
    says so in `missing_facts` (only then: a result without it read every fact it needed)."""
    out = []
    for goal, tally, exact in zip(plan.goals, tallies, plan.exacts, strict=True):
        result = goal.summarize(tally, exact)
        if goal.missing:
            result["missing_facts"] = goal.missing
        out.append(result)
    return out


def converged(plan: Plan, tallies: Sequence[Tally]) -> bool:
    """Whether every goal's proportions are within the adaptive half-width."""
    return all(
        goal.half_width(tally) <= ADAPTIVE_HALF_WIDTH
        for goal, tally in zip(plan.goals, tallies, strict=True)
    )


def run(
    game_slug: str,
    deck: Deck,
    goals: Sequence[Mapping[str, Any]],
    *,
    trials: int = DEFAULT_TRIALS,
    seed: int,
    engine: str = "fast",
    adaptive: bool = False,
    time_budget: float | None = None,
    pool: CardPool | None = None,
    data: GameData | None = None,
) -> dict[str, Any]:
    """The whole CONTRACT §5 object, computed in this process.

    With `adaptive`, `trials` is the most games to play (at most 1M by default) and the run stops
    after the first chunk at which every proportion's half-width is at most 0.25 points, or once
    `time_budget` seconds are spent; the output's `trials` is the number actually played.
    """
    start = time.perf_counter()
    prepared = plan(game_slug, deck, goals, pool=pool, data=data)
    totals = [Tally() for _ in prepared.goals]
    for index, size in enumerate(chunk_sizes(trials)):
        totals = merge(
            totals, run_chunk(prepared, seed=seed, index=index, trials=size, engine=engine)
        )
        if adaptive and converged(prepared, totals):
            break
        if time_budget is not None and time.perf_counter() - start > time_budget:
            break
    out: dict[str, Any] = {
        "game": game_slug,
        "trials": totals[0].games,
        "seed": seed,
        "elapsed_s": round(time.perf_counter() - start, 3),
        "results": summarize(prepared, totals),
    }
    if engine != "fast":
        out["engine"] = engine
    if adaptive:
        out["adaptive"] = {"max_trials": trials, "half_width": ADAPTIVE_HALF_WIDTH}
    return out
