"""Blade Rondo lean plain-Python loops, one per benchmarked goal (`cards/games/lean.py` says
why; `dealt` is the shared `drawn` loop)."""

from __future__ import annotations

import random

from .goldfish import HAND, BestHandGoal, VoltageGoal


def voltage(goal: VoltageGoal, rng: random.Random, trials: int) -> float:
    """Every chosen card dealt, and their voltage costs payable by the last turn."""
    if not goal.usable[-1]:
        return 0.0
    pool = [kind for kind, n in enumerate(goal.counts) for _ in range(n)]
    chosen = range(len(goal.counts) - 1)
    dealt = goal.dealt
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(pool)
        cards = set(pool[:dealt])
        if all(kind in cards for kind in chosen):
            hits += 1
    return hits / trials


def best_hand(goal: BestHandGoal, rng: random.Random, trials: int) -> float:
    """The best hand of the dealt cards scores at least the threshold?"""
    pool = list(goal.scores)
    dealt, threshold = goal.dealt, goal.threshold
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(pool)
        if sum(sorted(pool[:dealt], reverse=True)[:HAND]) >= threshold:
            hits += 1
    return hits / trials
