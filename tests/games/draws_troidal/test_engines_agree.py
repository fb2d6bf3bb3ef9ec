"""The fast engine plays the game of the reference engine (the specification), RULES.md §5.2.

With `greedy` on both sides a dealt game has no chance left in it, so both engines must give the
same result and length game by game. With `random` the choices differ draw by draw, so the check
is statistical: win and loss rates within 4 standard errors, and so the mean game length.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cards.games.draws_troidal import engine, fast, starter
from cards.games.draws_troidal.battle import Fighter, fighters
from cards.games.draws_troidal.policy import make_policy

DECKS = {name: fighters(starter.sample_deck(name)) for name in starter.SAMPLE_DECKS}
PAIRINGS = [("water-fire", "walls"), ("walls", "rainbow"), ("rainbow", "water-fire")]


def random_deck(rng: random.Random) -> tuple:
    """60 cards drawn from the starter set: every attribute, guard and powerless card in play."""
    pool = fighters(starter.sample_deck("rainbow")) + fighters(starter.sample_deck("walls"))
    return tuple(rng.choice(pool) for _ in range(60))


def reference_games(decks, policies, orders) -> list[tuple[str, int]]:
    sides = [
        make_policy(name, deck, random.Random(0))
        for name, deck in zip(policies, decks, strict=True)
    ]
    games = []
    for first, second in zip(*orders, strict=True):
        ending = engine.deal(sides, [first.tolist(), second.tolist()], initiative=0).play()
        games.append((ending.result.value, ending.turns))
    return games


def fast_games(duel: fast.Duel, orders, seed: int = 0) -> list[tuple[str, int]]:
    outcomes = duel.play_dealt(orders, np.random.default_rng(seed))
    return [
        (fast.RESULTS[code], int(turns))
        for code, turns in zip(outcomes.results, outcomes.turns, strict=True)
    ]


@pytest.mark.parametrize(("mine", "theirs"), PAIRINGS)
def test_section_5_2_greedy_games_dealt_alike_end_alike_in_both_engines(mine, theirs):
    decks = (DECKS[mine], DECKS[theirs])
    duel = fast.Duel(decks, ("greedy", "greedy"))
    orders = duel.shuffled(np.random.default_rng(11), 300)
    assert fast_games(duel, orders) == reference_games(decks, ("greedy", "greedy"), orders)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_section_5_2_greedy_games_of_random_starter_decks_end_alike_in_both_engines(seed):
    rng = random.Random(seed)
    decks = (random_deck(rng), random_deck(rng))
    duel = fast.Duel(decks, ("greedy", "greedy"))
    orders = duel.shuffled(np.random.default_rng(seed), 200)
    assert fast_games(duel, orders) == reference_games(decks, ("greedy", "greedy"), orders)


WALL = Fighter("W", "陰", None, risk=0, guard=20)
YANG = Fighter("Y", "陽", 3, risk=9)
BIG = Fighter("B", "無", 10, risk=50, guard=2)
WATER = Fighter("w", "水", 2, risk=1)
FIRE = Fighter("f", "火", 8, risk=4, guard=1)
ODD_DECKS = {
    "a 10-card deck against a 240-card one": (
        [WATER] * 5 + [FIRE] * 5,
        [BIG, WALL, YANG, FIRE] * 60,
    ),
    "walls with 20 guard against yang": ([WALL] * 30 + [YANG] * 30, [WALL] * 20 + [WATER] * 40),
    "decks of different sizes": ([YANG, FIRE, WATER] * 7, [BIG] * 3 + [WATER] * 50),
}


@pytest.mark.parametrize("decks", ODD_DECKS.values(), ids=ODD_DECKS.keys())
def test_section_5_2_greedy_games_of_odd_decks_end_alike_in_both_engines(decks):
    duel = fast.Duel(decks, ("greedy", "greedy"))
    orders = duel.shuffled(np.random.default_rng(2), 150)
    assert fast_games(duel, orders) == reference_games(decks, ("greedy", "greedy"), orders)


def within_four_standard_errors(a: np.ndarray, b: np.ndarray) -> bool:
    error = math.sqrt(a.var(ddof=1) / len(a) + b.var(ddof=1) / len(b))
    return abs(a.mean() - b.mean()) <= 4 * error


@pytest.mark.slow
@pytest.mark.parametrize(
    "policies", [("random", "random"), ("greedy", "random"), ("random", "greedy")]
)
def test_section_5_2_engines_agree_on_results_and_length_under_random_choices(policies):
    decks = (DECKS["rainbow"], DECKS["water-fire"])
    rng = random.Random(5)
    sides = [make_policy(name, deck, rng) for name, deck in zip(policies, decks, strict=True)]
    slow = [engine.play(sides, rng) for _ in range(1500)]
    quick = fast.Duel(decks, policies).play(np.random.default_rng(5), 40_000)
    for code, name in enumerate(fast.RESULTS):
        reference = np.array([ending.result.value == name for ending in slow], dtype=float)
        assert within_four_standard_errors(reference, (quick.results == code).astype(float)), name
    reference_turns = np.array([ending.turns for ending in slow], dtype=float)
    assert within_four_standard_errors(reference_turns, quick.turns.astype(float))


def test_section_5_2_a_mirror_match_is_fair_to_both_sides():
    duel = fast.Duel((DECKS["rainbow"], DECKS["rainbow"]), ("random", "random"))
    outcomes = duel.play(np.random.default_rng(8), 40_000)
    wins = (outcomes.results == fast.WIN).astype(float)
    losses = (outcomes.results == fast.LOSS).astype(float)
    assert within_four_standard_errors(wins, losses)


def test_the_fast_engine_is_seeded():
    duel = fast.Duel((DECKS["walls"], DECKS["rainbow"]), ("random", "greedy"))
    first, again, other = (duel.play(np.random.default_rng(seed), 2000) for seed in (4, 4, 5))
    assert np.array_equal(first.results, again.results)
    assert np.array_equal(first.turns, again.turns)
    assert not np.array_equal(first.turns, other.turns)


def test_greedy_beats_random_with_the_same_deck():
    duel = fast.Duel((DECKS["rainbow"], DECKS["rainbow"]), ("greedy", "random"))
    outcomes = duel.play(np.random.default_rng(9), 20_000)
    assert (outcomes.results == fast.WIN).mean() > 0.7
