"""Vectorised shuffle-and-draw primitives for the fast goldfish engines.

A goldfish game only looks at the top of the deck, and most goals only ask which *kind* of card
(a target, a G of some colour, a Dragon Ball) lies at each position. So the fast engines never
shuffle whole decks: they deal the reachable positions one at a time from an urn of card kinds,
every game of a batch in one numpy step. Dealing card after card from an urn without replacement
gives exactly the distribution of the top of a uniformly shuffled deck, restricted to the kinds.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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


def deal_hits(
    rng: np.random.Generator, targets: int, total: int, steps: int, games: int
) -> np.ndarray:
    """Deal `steps` cards from the top of `games` shuffled decks: True where a target card lies.

    Position i of a deck with r targets left among `total - i` cards holds a target with
    probability r / (total - i); the (steps, games) array is the same as the top of a shuffle.
    """
    steps = min(steps, total)
    out = np.empty((steps, games), dtype=bool)
    remaining = np.full(games, targets, dtype=np.float64)
    uniform = rng.random((steps, games))
    for step in range(steps):
        hit = uniform[step] * (total - step) < remaining
        out[step] = hit
        remaining -= hit
    return out


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
