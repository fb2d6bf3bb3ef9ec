"""Points and tie-breakers (RULES.md §6.3–6.4) and the top cut's bracket (§6.5).

A match is between two players, or one player and the bye (`second` is None). Its result is the
games: wins of the first player, wins of the second, draws. A bye is a match won 2–0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

WIN = 3
DRAW = 1
#: OMW, GW and OGW count each percentage as at least this (RULES.md §6.4).
FLOOR = Fraction(1, 3)
#: The games of a bye: won 2–0 (RULES.md §6.3).
BYE_GAMES = (2, 0, 0)
TOP_CUTS = (0, 4, 8)


@dataclass(frozen=True)
class Match:
    round: int
    first: str
    second: str | None
    #: (wins of first, wins of second, draws); None while not reported. A bye needs none.
    games: tuple[int, int, int] | None = None

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def result(self) -> tuple[int, int, int] | None:
        return BYE_GAMES if self.is_bye else self.games

    def players(self) -> tuple[str, ...]:
        return (self.first,) if self.second is None else (self.first, self.second)


@dataclass(frozen=True)
class Standing:
    rank: int
    player: str
    match_points: int
    omw: Fraction
    gw: Fraction
    ogw: Fraction
    rounds: int

    def key(self) -> tuple[int, Fraction, Fraction, Fraction]:
        return (self.match_points, self.omw, self.gw, self.ogw)


@dataclass
class _Record:
    match_points: int = 0
    rounds: int = 0
    game_points: int = 0
    games: int = 0

    def add(self, won: int, lost: int, drawn: int) -> None:
        if won > lost:
            self.match_points += WIN
        elif won == lost:
            self.match_points += DRAW
        self.rounds += 1
        self.game_points += WIN * won + DRAW * drawn
        self.games += won + lost + drawn

    def mw(self) -> Fraction:
        return max(FLOOR, Fraction(self.match_points, WIN * self.rounds)) if self.rounds else FLOOR

    def gw(self) -> Fraction:
        return max(FLOOR, Fraction(self.game_points, WIN * self.games)) if self.games else FLOOR


def match_points(first: int, second: int) -> tuple[int, int]:
    """The match points of the two players of a match that ended first–second in games won."""
    if first > second:
        return WIN, 0
    if first < second:
        return 0, WIN
    return DRAW, DRAW


def _mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


def standings(players: Iterable[str], matches: Iterable[Match]) -> list[Standing]:
    """Every player ranked by match points, OMW, GW, OGW (then by name, so the order is total).

    Matches without a result yet count for nothing; byes count for the player's own points and
    percentages but are no opponent of anyone's OMW or OGW.
    """
    records = {player: _Record() for player in players}
    opponents: dict[str, list[str]] = {player: [] for player in records}
    for match in matches:
        result = match.result
        if result is None:
            continue
        first_wins, second_wins, draws = result
        records[match.first].add(first_wins, second_wins, draws)
        if match.second is not None:
            records[match.second].add(second_wins, first_wins, draws)
            opponents[match.first].append(match.second)
            opponents[match.second].append(match.first)
    rows = []
    for player, record in records.items():
        met = opponents[player]
        rows.append(
            Standing(
                rank=0,
                player=player,
                match_points=record.match_points,
                omw=_mean([records[other].mw() for other in met]),
                gw=record.gw(),
                ogw=_mean([records[other].gw() for other in met]),
                rounds=record.rounds,
            )
        )
    rows.sort(key=lambda row: row.player)
    rows.sort(key=Standing.key, reverse=True)
    return [
        Standing(i, r.player, r.match_points, r.omw, r.gw, r.ogw, r.rounds)
        for i, r in enumerate(rows, start=1)
    ]


def bracket_seeds(size: int) -> list[int]:
    """The seeds (1 = best) in bracket order: 8 → 1, 8, 4, 5, 2, 7, 3, 6 (RULES.md §6.5).

    Built by the usual doubling: each seed s of the smaller bracket meets (size + 1 - s).
    """
    seeds = [1]
    while len(seeds) < size:
        total = 2 * len(seeds) + 1
        seeds = [s for seed in seeds for s in (seed, total - seed)]
    return seeds


def top_cut_pairs(ranked: Sequence[str], size: int) -> list[tuple[str, str]]:
    """The first elimination round of the top `size` players of `ranked`, in bracket order."""
    if size not in TOP_CUTS or size == 0:
        raise ValueError(f"A top cut is of 4 or 8 players, not {size}.")
    if len(ranked) < size:
        raise ValueError(f"A top {size} needs {size} players; there are {len(ranked)}.")
    order = bracket_seeds(size)
    return [(ranked[order[i] - 1], ranked[order[i + 1] - 1]) for i in range(0, size, 2)]


def next_bracket_pairs(winners: Sequence[str]) -> list[tuple[str, str]]:
    """The next elimination round: the winners of the last one, in bracket order, two by two."""
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners) - 1, 2)]
