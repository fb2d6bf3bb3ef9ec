"""DRAWS◎TROIDAL: full beta games per second, fast engine against the reference engine.

Both engines play the same `match` goal between two of the starter set's sample decks, through
the goldfish framework's chunks, in this process: the ratio is the speed-up of the numpy engine
over the specification. Seconds are process CPU time, so the figure is per core even when other
work shares the machine (the engines run on one thread: no BLAS calls).
"""

from __future__ import annotations

import time

from cards.games import goldfish
from cards.games.draws_troidal import starter

FAST_TRIALS = 100_000
REFERENCE_TRIALS = {"random": 2_000, "greedy": 500}
#: (deck, opponent, policy): short games (about 8 turns) and long ones (about 13).
CASES = [
    ("rainbow", "water-fire", "greedy"),
    ("walls", "rainbow", "greedy"),
    ("walls", "rainbow", "random"),
]


def _games_per_second(plan: goldfish.Plan, engine: str, trials: int) -> float:
    start = time.process_time()
    for index, size in enumerate(goldfish.chunk_sizes(trials)):
        goldfish.run_chunk(plan, seed=1, index=index, trials=size, engine=engine)
    return trials / (time.process_time() - start)


def run(report) -> None:
    for mine, theirs, policy in CASES:
        goal = {"type": "match", "opponent": starter.sample_text(theirs), "policy": policy}
        plan = goldfish.plan(
            "draws_troidal", starter.sample_deck(mine), [goal], pool=starter.pool()
        )
        reference = _games_per_second(plan, "reference", REFERENCE_TRIALS[policy])
        fast = _games_per_second(plan, "fast", FAST_TRIALS)
        report(
            f"draws_troidal match {mine} vs {theirs}, {policy} both sides: fast engine",
            fast,
            "games/s per core",
            baseline=("reference engine", reference),
            target="30k games/s",
        )
