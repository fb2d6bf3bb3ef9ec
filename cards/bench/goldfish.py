"""Goldfish engines: games/s of the fast engine against the reference engine, and exact query times.

Each case runs both engines in the same process on the same goal, so the ratio is the speed-up of
the vectorised engine over the specification; exact answers are timed per query, beside the time
the fast engine takes for 10,000 games of the same goal.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry

FAST_TRIALS = 400_000
#: Goal types whose exact answer is a DP (target under 5 ms) rather than a closed sum (50 µs).
DP_GOALS = {"mulligan", "g_in_play", "best_hand", "energy_curve", "deck_out", "speed", "draws"}
REFERENCE_TRIALS = 10_000
#: An exact answer's baseline: the time the fast engine takes for this many games of the goal.
BASELINE_GAMES = 10_000


def _deck(zone: str, counts: list[int], make: Callable[[int], Card]) -> Deck:
    return Deck({zone: tuple(Entry(make(i), count) for i, count in enumerate(counts))})


def _dbscg() -> Deck:
    colours = (["Red"], ["Blue"], ["Red", "Blue"], ["Green"])
    return _deck(
        "main",
        [4] * 12 + [2] * 6,
        lambda i: Card(
            f"BT-{i}",
            f"Card {i}",
            "Battle",
            {
                "energy_cost": i % 7,
                "specified_cost": "RB" if i == 3 else "",
                "colors": colours[i % 4],
            },
        ),
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
    speeds = ("C", "C++", "B", "B++", "A", "A++")
    main = tuple(
        Entry(
            Card(f"D-{i}", f"Unit {i}", "ユニット", {"speed": speeds[i % 6], "log_cost": i % 4}), 4
        )
        for i in range(12)
    )
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
        "dbscg energy on curve (RB specified)",
        "dbscg",
        _dbscg,
        {"type": "energy_curve", "card": "BT-3", "turn": 7},
        "3M games/s",
    ),
    (
        "dbscg turns until deck-out with life taken",
        "dbscg",
        _dbscg,
        {"type": "deck_out", "life_taken": {"0": 1, "1": 2, "2": 1}},
        "",
    ),
    (
        "dreadnought speed phase, 7 turns",
        "dreadnought",
        _dreadnought,
        {"type": "speed", "turn": 7, "speed_mix": {"A": 10, "B++": 20, "C": 20}},
        "",
    ),
    (
        "dreadnought speed phase with gear change",
        "dreadnought",
        _dreadnought,
        {"type": "speed", "turn": 7, "gear_change_below": "B++"},
        "",
    ),
    (
        "dreadnought draws with the mulligan to the discard",
        "dreadnought",
        _dreadnought,
        {"type": "draws", "cards": ["D-0"], "turn": 7, "mulligan_log_cost_at_least": 3},
        "3M games/s",
    ),
    (
        "dreadnought deck-out against a speed mix",
        "dreadnought",
        _dreadnought,
        {"type": "deck_out", "speed_mix": {"A": 10, "B++": 20, "C": 20}},
        "",
    ),
    (
        "blade_rondo voltage",
        "blade_rondo",
        _blade,
        {"type": "voltage", "cards": ["BR-1", "BR-2"], "turn": 5},
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


def run(report) -> None:
    for name, game, deck, goal, target in CASES:
        fast_name, exact_name = f"{name}: fast engine", f"{name}: exact answer"
        if not (report.wants(fast_name) or report.wants(exact_name)):
            continue
        plan = goldfish.plan(game, deck(), [goal])
        reference = _games_per_second(plan, "reference", REFERENCE_TRIALS)
        fast = _games_per_second(plan, "fast", FAST_TRIALS)
        report(
            fast_name,
            fast,
            "games/s",
            baseline=("reference engine", reference),
            target=target,
        )
        dp = goal["type"] in DP_GOALS
        report(
            exact_name,
            _exact_microseconds(plan),
            "µs",
            baseline=(f"{BASELINE_GAMES:,} games of the fast engine", BASELINE_GAMES / fast * 1e6),
            target="< 5000 µs (DP)" if dp else "< 50 µs",
        )
