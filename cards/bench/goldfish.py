"""Goldfish engines: games/s of the fast engine against the reference engine, and exact query times.

Each case runs both engines in the same process on the same goal, so the ratio is the speed-up of
the vectorised engine over the specification; exact answers are timed per query.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry

FAST_TRIALS = 400_000
REFERENCE_TRIALS = 10_000


def _deck(zone: str, counts: list[int], make: Callable[[int], Card]) -> Deck:
    return Deck({zone: tuple(Entry(make(i), count) for i, count in enumerate(counts))})


def _dbscg() -> Deck:
    return _deck(
        "main",
        [4] * 12 + [2] * 6,
        lambda i: Card(f"BT-{i}", f"Card {i}", "Battle", {"energy_cost": i % 7}),
    )


def _gundam(size: int = 60) -> Deck:
    return Deck(
        {
            "main": (
                Entry(Card("G1", "Blue G", "G", {"color": "青"}), 16),
                Entry(Card("G2", "Red G", "G", {"color": "赤"}), 8),
                Entry(Card("U1", "Unit", "UNIT", {"color": "青"}), size - 24),
            )
        }
    )


def _dreadnought() -> Deck:
    casters = (
        Entry(Card("C1", "Caster A", "キャスター", {}), 1),
        Entry(Card("C2", "Caster B", "キャスター", {}), 1),
    )
    main = tuple(Entry(Card(f"D-{i}", f"Unit {i}", "ユニット", {}), 4) for i in range(12))
    return Deck(
        {"casters": casters, "main": (*main, Entry(Card("D-x", "Unit x", "ユニット", {}), 2))}
    )


def _blade() -> Deck:
    return _deck("pool", [2] * 20, lambda i: Card(f"BR-{i}", f"Sword {i}", "physical", {}))


CASES = [
    ("dbscg drawn", "dbscg", _dbscg, {"type": "drawn", "cards": ["BT-0"], "turn": 7}, "5M games/s"),
    (
        "dbscg mulligan keep rule",
        "dbscg",
        _dbscg,
        {"type": "mulligan", "cards": ["BT-0"], "turn": 7},
        "3M games/s",
    ),
    (
        "gundam_war drawn",
        "gundam_war",
        _gundam,
        {"type": "drawn", "cards": ["G2"], "turn": 7},
        "5M games/s",
    ),
    (
        "gundam_war G in play, 60 cards, 7 turns (count-based)",
        "gundam_war",
        _gundam,
        {"type": "g_in_play", "at_least": 6, "turn": 7, "color": "赤", "color_at_least": 2},
        "3M games/s",
    ),
    ("gundam_war mulligan A+B", "gundam_war", _gundam, {"type": "mulligan"}, "3M games/s"),
    (
        "dreadnought drawn",
        "dreadnought",
        _dreadnought,
        {"type": "drawn", "cards": ["D-0"], "turn": 7, "play": "second"},
        "5M games/s",
    ),
    (
        "blade_rondo dealt",
        "blade_rondo",
        _blade,
        {"type": "dealt", "cards": ["BR-0"]},
        "5M games/s",
    ),
    (
        "blade_rondo best 7 of 15",
        "blade_rondo",
        _blade,
        {"type": "best_hand", "scores": {"BR-0": 5, "BR-1": 3}, "default_score": 1},
        "",
    ),
]


def _games_per_second(plan: goldfish.Plan, engine: str, trials: int) -> float:
    start = time.perf_counter()
    for index, size in enumerate(goldfish.chunk_sizes(trials)):
        goldfish.run_chunk(plan, seed=1, index=index, trials=size, engine=engine)
    return trials / (time.perf_counter() - start)


def _exact_microseconds(plan: goldfish.Plan, repeat: int = 50) -> float:
    goal = plan.goals[0]
    start = time.perf_counter()
    for _ in range(repeat):
        goal.exact()
    return (time.perf_counter() - start) / repeat * 1e6


def run(report) -> None:
    for name, game, deck, goal, target in CASES:
        plan = goldfish.plan(game, deck(), [goal])
        reference = _games_per_second(plan, "reference", REFERENCE_TRIALS)
        fast = _games_per_second(plan, "fast", FAST_TRIALS)
        report(
            f"{name}: fast engine",
            fast,
            "games/s",
            baseline=("reference engine", reference),
            target=target,
        )
        dp = goal["type"] in {"mulligan", "g_in_play", "best_hand"}
        report(
            f"{name}: exact answer",
            _exact_microseconds(plan),
            "µs",
            target="< 5000 µs (DP)" if dp else "< 50 µs",
        )
