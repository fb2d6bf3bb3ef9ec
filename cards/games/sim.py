"""Vectorised shuffle-and-draw primitives for the fast goldfish engines.

A goldfish game only looks at the top of the deck, and most goals only ask which *kind* of card
(a target, a G of some colour, a Dragon Ball) lies at each position. So the fast engines never
shuffle whole decks: they deal the reachable positions one at a time from an urn of card kinds
(`deal_kinds`), or, where only how many cards of a kind a group holds matters, that number at once
(`hypergeometric`), every game of a batch in one numpy step. Dealing from an urn without
replacement gives exactly the distribution of the top of a uniformly shuffled deck, restricted to
the kinds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from math import comb
from typing import Any

import numpy as np

#: Games per numpy step: large enough to amortise Python overhead, small enough for the cache.
BATCH = 8192


def batches(trials: int, size: int = BATCH) -> Iterator[int]:
    """The sizes of the batches that together make `trials` games."""
    full, rest = divmod(trials, size)
    yield from [size] * full
    if rest:
        yield rest


def deal(library: list[Any], count: int) -> list[Any]:
    """Take `count` cards from the top (the end of the list) of a shuffled library.

    The reference engines' one primitive: they shuffle a plain list and deal from it by the rules.
    """
    taken = library[len(library) - count :]
    del library[len(library) - count :]
    return taken


def hypergeometric(
    rng: np.random.Generator, total: Any, good: Any, draws: Any, games: int
) -> np.ndarray:
    """The good cards among `draws` taken from `total` cards of which `good` are good, per game.

    Each argument is a number or an integer array with one entry per game. Sampled by inverse
    transform from exact cumulative tables (`_cumulative`), one uniform number per game: a few
    gathers instead of a card-by-card deal or numpy's slower general sampler.
    """
    values = [np.asarray(a, dtype=np.int64) for a in (total, good, draws)]
    low = int(values[0].min())
    table = _cumulative(low, int(values[0].max()), int(values[1].max()), int(values[2].max()))
    _, goods, draws_ = table.shape[1:]
    cell = ((values[0] - low) * goods + values[1]) * draws_ + values[2]
    uniform = rng.random(games)
    out = np.zeros(games, dtype=np.int64)
    for column in table[:-1].reshape(table.shape[0] - 1, table[0].size):
        out += uniform >= column.take(cell)
    return out


def deal_counts(
    rng: np.random.Generator, counts: Sequence[int], cards: Any, games: int
) -> np.ndarray:
    """How many cards of each kind lie among the top `cards` of `games` shuffled decks.

    `counts[k]` cards are of kind k; `cards` is a number or one per game. Returns a (kinds,
    games) int64 array: kind by kind, each count is hypergeometric among the cards still to
    place (the multivariate hypergeometric, one table draw per kind).
    """
    out = np.empty((len(counts), games), dtype=np.int64)
    left = np.broadcast_to(np.asarray(cards, dtype=np.int64), (games,)).copy()
    total = int(sum(counts))
    for kind, count in enumerate(counts[:-1]):
        out[kind] = hypergeometric(rng, total, count, left, games)
        left -= out[kind]
        total -= count
    out[-1] = left
    return out


@cache
def _cumulative(low: int, high: int, most_good: int, most_draws: int) -> np.ndarray:
    """P(at most x good cards), as [x, total - low, good, draws], for every cell in the ranges.

    Impossible cells (more good cards or draws than cards) hold 1 everywhere, so they give 0.
    """
    width = min(most_good, most_draws) + 1
    table = np.ones((width, high - low + 1, most_good + 1, most_draws + 1))
    for total in range(low, high + 1):
        for good in range(min(most_good, total) + 1):
            for draws in range(min(most_draws, total) + 1):
                running = 0
                for x in range(min(good, draws)):
                    running += comb(good, x) * comb(total - good, draws - x)
                    table[x, total - low, good, draws] = running / comb(total, draws)
    return table


def deal_kinds(
    rng: np.random.Generator, counts: Sequence[int], steps: int, games: int
) -> np.ndarray:
    """Deal `steps` cards from `games` shuffled decks made of `counts[k]` cards of kind k.

    Returns a (steps, games) array of kind indices (uint8), distributed as the top `steps`
    positions of a uniform shuffle.
    """
    total = int(sum(counts))
    steps = min(steps, total)
    # One row per kind, so every update below is a contiguous 1-D operation.
    remaining = np.repeat(np.asarray(counts, dtype=np.float64)[:, None], games, axis=1)
    uniform = rng.random((steps, games))
    out = np.empty((steps, games), dtype=np.uint8)
    edge = np.empty(games, dtype=np.float64)
    for step in range(steps):
        point = uniform[step] * (total - step)
        kind = out[step]
        kind.fill(0)
        edge.fill(0.0)
        for row in remaining[:-1]:
            edge += row
            kind += point >= edge
        for index, row in enumerate(remaining):
            row -= kind == index
    return out


class Urn:
    """The cards of `games` shuffled decks that nobody has looked at yet, by kind.

    For engines that look at the deck out of order or only now and then (a card drawn unseen is
    only counted): the next card looked at is uniform over the cards not looked at yet, whatever
    was taken unseen before it (a uniform shuffle is exchangeability's simplest case), so `look`
    deals it from this urn and nothing is dealt that is never read.
    """

    def __init__(self, rng: np.random.Generator, counts: Sequence[int], games: int):
        self.rng = rng
        # Cumulative counts (kind k is dealt when the point lies below edge k and not edge k-1):
        # one compare per kind deals a card, one subtraction per kind takes it out. Small
        # integers: numpy's mixed float and bool steps cost three times as much.
        edges = np.cumsum(np.asarray(counts, dtype=np.int16))
        self.edges = np.repeat(edges[:-1, None], games, axis=1)
        self.left = np.full(games, edges[-1], dtype=np.int16)

    def _points(self, games: int, left: np.ndarray) -> np.ndarray:
        """A uniform card position below `left` per game: the whole part of a uniform point, which
        lies below exactly the same (whole) edges as the point itself."""
        return (self.rng.random(games) * left).astype(np.int16)

    def look(self, where: np.ndarray) -> np.ndarray:
        """The kind of the next card of each game where asked (0 elsewhere), taken out of the urn.

        Where few games ask (a speed-burn chain goes on in a few games of many) only those are
        dealt; else every game is, and the unasked games' cards are left in the urn.
        """
        if np.count_nonzero(where) * 4 >= where.shape[0]:
            above = self._points(where.shape[0], self.left) < self.edges
            kind = len(self.edges) - above.sum(axis=0, dtype=np.int16)
            self.edges -= above & where
            self.left -= where
            return kind
        games = np.flatnonzero(where)
        kind = np.zeros(where.shape[0], dtype=np.int16)
        kind[games] = self.look_at(games)
        return kind

    def draw(self) -> np.ndarray:
        """`look` where every game asks."""
        above = self._points(self.left.shape[0], self.left) < self.edges
        self.edges -= above
        self.left -= 1
        return len(self.edges) - above.sum(axis=0, dtype=np.int16)

    def look_at(self, games: np.ndarray) -> np.ndarray:
        """The kinds of the next cards of the games at these (distinct) indices, taken out."""
        edges = self.edges[:, games]
        above = self._points(games.size, self.left[games]) < edges
        self.edges[:, games] = edges - above
        self.left[games] -= 1
        return len(edges) - above.sum(axis=0, dtype=np.int16)

    def take(self, counts: np.ndarray) -> None:
        """Take out cards dealt by kind elsewhere: a (kinds, games) array of counts."""
        taken = np.zeros_like(self.left)
        for edge, row in zip(self.edges, counts, strict=False):  # row by row: numpy's cumsum
            taken += row  # over the first axis costs ten times as much
            edge -= taken
        self.left -= taken + counts[-1]
