"""Tallies: the integer counts a goal gathers over some games, mergeable in any grouping."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from cards.games import stats


@dataclass
class Tally:
    """The counts one goal gathered over some games: mergeable and JSON-able.

    `counts[key]` is how many games an event happened in; `sums` and `squares` hold integer sums of
    a per-game value (a turn number, a card count) for means. Integers only, so merging chunks in
    any grouping gives exactly the same numbers.
    """

    games: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    sums: dict[str, int] = field(default_factory=dict)
    squares: dict[str, int] = field(default_factory=dict)

    def count(self, key: str, events: int | np.integer | np.ndarray) -> None:
        """Add events: a number, or a boolean array with one entry per game."""
        value = int(np.count_nonzero(events)) if isinstance(events, np.ndarray) else int(events)
        self.counts[key] = self.counts.get(key, 0) + value

    def observe(self, key: str, values: np.ndarray | Sequence[int]) -> None:
        """Add integer per-game values to the sum and sum of squares of `key`."""
        array = np.asarray(values, dtype=np.int64)
        self.sums[key] = self.sums.get(key, 0) + int(array.sum())
        self.squares[key] = self.squares.get(key, 0) + int((array * array).sum())

    def merge(self, other: Tally) -> Tally:
        """The tally of both sets of games (a new object; neither input changes)."""
        return Tally(
            games=self.games + other.games,
            counts=_add(self.counts, other.counts),
            sums=_add(self.sums, other.sums),
            squares=_add(self.squares, other.squares),
        )

    def proportion(self, key: str) -> dict[str, Any]:
        """`{"probability", "ci95"}` of an event counted under `key`."""
        hits = self.counts.get(key, 0)
        low, high = stats.wilson(hits, self.games)
        return {
            "probability": _round(hits / self.games if self.games else 0.0),
            "ci95": [_round(low), _round(high)],
        }

    def mean(self, key: str, n: int | None = None) -> dict[str, Any]:
        """`{"mean", "ci95", "n"}` of the values observed under `key` (over `n` games)."""
        games = self.games if n is None else n
        if games <= 0:
            return {"mean": None, "ci95": [None, None], "n": 0}
        total = self.sums.get(key, 0)
        low, high = stats.mean_interval(total, self.squares.get(key, 0), games)
        return {"mean": _round(total / games), "ci95": [_round(low), _round(high)], "n": games}

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "counts": dict(self.counts),
            "sums": dict(self.sums),
            "squares": dict(self.squares),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        return cls(
            games=int(data["games"]),
            counts={k: int(v) for k, v in data.get("counts", {}).items()},
            sums={k: int(v) for k, v in data.get("sums", {}).items()},
            squares={k: int(v) for k, v in data.get("squares", {}).items()},
        )


def _add(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return out


def _round(value: float) -> float:
    return round(float(value), 6)


def merge(totals: Sequence[Tally], chunk: Sequence[Tally]) -> list[Tally]:
    """Add one chunk's tallies (one per goal) to the running totals."""
    return [total.merge(part) for total, part in zip(totals, chunk, strict=True)]


def merge_chunks(chunks: Iterable[Sequence[Tally]]) -> list[Tally]:
    """The per-goal totals of several chunks (in any order: the sums are integers)."""
    totals: list[Tally] | None = None
    for chunk in chunks:
        totals = list(chunk) if totals is None else merge(totals, chunk)
    if totals is None:
        raise ValueError("no chunks to merge")
    return totals
