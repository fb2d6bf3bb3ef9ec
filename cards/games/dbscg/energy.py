"""Energy on curve for DBSCG: which hand card to charge, and whether the energy pays a cost.

RULES.md §2.3: each charge phase may put 1 hand card into energy; a card's energy cost needs that
many energy, of which its specified cost's colours must be matched, each by an energy card of that
colour (a multicolour card pays any one of its colours). Only what a card can pay counts, so cards
are grouped into kinds by the needed colours they carry (`signature`); the chosen card itself is
its own kind and is never charged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, reduce
from itertools import combinations
from typing import Any

import numpy as np

from cards.games.dbscg.schema import COST_LETTERS

#: Kind 0 is the chosen card; the others are listed by `Cost.signatures`.
TARGET = 0


@dataclass(frozen=True)
class Cost:
    """A card's cost: its energy cost and the colours its specified cost needs (colour → count)."""

    energy: int
    needs: tuple[tuple[str, int], ...]

    @classmethod
    def of(cls, energy_cost: Any, specified: str | None) -> Cost:
        """From the card's columns; an `X` energy cost counts as 0, an `X` letter as no colour."""
        letters = Counter(COST_LETTERS[c] for c in specified or "" if c in COST_LETTERS)
        energy = energy_cost if isinstance(energy_cost, int) else 0
        return cls(max(energy, sum(letters.values())), tuple(sorted(letters.items())))

    @property
    def colours(self) -> tuple[str, ...]:
        return tuple(colour for colour, _ in self.needs)

    @property
    def subsets(self) -> list[frozenset[str]]:
        return [
            frozenset(group)
            for size in range(len(self.needs) + 1)
            for group in combinations(self.colours, size)
        ]


@dataclass(frozen=True)
class Kinds:
    """The card kinds of one question: the target, then one kind per signature (the needed colours
    a card carries; the empty signature last). Single colours come first, so they are charged
    before the more flexible multicolour cards."""

    cost: Cost
    signatures: tuple[frozenset[str], ...]

    @classmethod
    def of(cls, cost: Cost, card_colours: Sequence[Sequence[str]]) -> Kinds:
        wanted = set(cost.colours)
        found = {frozenset(set(colours) & wanted) for colours in card_colours}
        coloured = sorted((s for s in found if s), key=lambda s: (len(s), sorted(s)))
        return cls(cost, (*coloured, frozenset()))

    def kind(self, colours: Sequence[str]) -> int:
        return 1 + self.signatures.index(frozenset(set(colours) & set(self.cost.colours)))

    @property
    def count(self) -> int:
        return 1 + len(self.signatures)

    def matched(self, energy: Sequence[Any]) -> Any:
        """How many specified colours the energy can match at once (ints or arrays per kind).

        The deficiency form of Hall's theorem: the minimum over sets S of colours of the needs
        outside S plus the energy cards that can pay some colour in S.
        """
        values = []
        for subset in self.cost.subsets:
            outside = sum(n for colour, n in self.cost.needs if colour not in subset)
            helpers = sum(energy[1 + i] for i, sig in enumerate(self.signatures) if sig & subset)
            values.append(outside + helpers)
        scalar = not any(isinstance(v, np.ndarray) for v in values)
        return min(values) if scalar else reduce(np.minimum, values)

    def payable(self, energy: Sequence[Any]) -> Any:
        total_need = sum(n for _, n in self.cost.needs)
        return (sum(energy) >= self.cost.energy) & (self.matched(energy) >= total_need)

    @cache  # noqa: B019 - few Kinds live at once; the DP asks the same states many times
    def charge(self, hand: tuple[int, ...], energy: tuple[int, ...]) -> int | None:
        """The kind charged from this hand: a card that matches one more specified colour, else
        a card of no needed colour, else any coloured card; never the target."""
        coloured = range(1, len(self.signatures))
        base = self.matched(energy)
        for kind in coloured:
            if hand[kind] and self.matched(_plus(energy, kind)) > base:
                return kind
        plain = len(self.signatures)
        if hand[plain]:
            return plain
        return next((kind for kind in coloured if hand[kind]), None)

    def charges(self, hand: np.ndarray, energy: np.ndarray) -> np.ndarray:
        """`charge` for every game at once: (games, kinds) counts in, kind (or −1) out."""
        columns = list(energy.T)
        base = self.matched(columns)
        choice = np.full(len(hand), -1)
        coloured = range(1, len(self.signatures))
        for kind in coloured:
            better = self.matched(_plus(columns, kind)) > base
            choice[(choice < 0) & (hand[:, kind] > 0) & better] = kind
        plain = len(self.signatures)
        choice[(choice < 0) & (hand[:, plain] > 0)] = plain
        for kind in coloured:
            choice[(choice < 0) & (hand[:, kind] > 0)] = kind
        return choice


def _plus(values: Sequence[Any], kind: int) -> list[Any]:
    return [value + (i == kind) for i, value in enumerate(values)]
