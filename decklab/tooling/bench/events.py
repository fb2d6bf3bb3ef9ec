"""Events (`manage.py bench events`): a 512-player Swiss round and its standings.

Pure code (`cards.games.events`), no database: three rounds of random results are played first,
then round 4 is paired and the standings computed, each timed (best of a few runs). Beside each
figure is a same-run baseline: round 1's pairing (a seeded shuffle) for the pairing, and sorting
the players by a plain key for the standings. The issue's target is "well under a second" each.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from cards.games.events.standings import Match, standings
from cards.games.events.swiss import first_round, pair_round

PLAYERS = 512
PLAYED = 3
RUNS = 3
RESULTS = [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (1, 1, 1)]


def _best_ms(work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(RUNS):
        start = time.perf_counter()
        work()
        best = min(best, (time.perf_counter() - start) * 1000)
    return best


def _played(players: list[str]) -> list[Match]:
    rng = random.Random(1)
    matches: list[Match] = []
    for number in range(1, PLAYED + 1):
        for table in pair_round(players, players, matches, seed=number):
            games = None if table.second is None else rng.choice(RESULTS)
            matches.append(Match(number, table.first, table.second, games))
    return matches


def run(report) -> None:
    players = [f"player{i:04d}" for i in range(PLAYERS)]
    if not (report.wants("pairing") or report.wants("standings")):
        return
    matches = _played(players)
    shuffle = _best_ms(lambda: first_round(players, seed=9))
    report(
        f"pairing round {PLAYED + 1} of {PLAYERS} players",
        _best_ms(lambda: pair_round(players, players, matches, seed=9)),
        "ms",
        baseline=("round 1 (shuffle)", shuffle),
        target="well under 1000 ms",
    )
    plain = _best_ms(lambda: sorted(players, key=lambda name: (len(name), name)))
    report(
        f"standings of {PLAYERS} players after {PLAYED} rounds",
        _best_ms(lambda: standings(players, matches)),
        "ms",
        baseline=("sorting the players", plain),
        target="well under 1000 ms",
    )
