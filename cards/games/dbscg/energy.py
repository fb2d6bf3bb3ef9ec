"""Energy on curve for DBSCG: which hand card to charge, and whether the energy pays a cost.

RULES.md §2.3: each charge phase may put 1 hand card into energy; a card's energy cost needs that
many energy, of which its specified cost's colours must be matched, each by an energy card of that
colour (a multicolour card pays any one of its colours). Only what a card can pay counts, so cards
are grouped into kinds by the needed colours they carry (`signature`); the chosen card itself is
its own kind and is never charged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from math import comb, prod
from typing import Any

import numpy as np

from .schema import COST_LETTERS

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

    @cached_property
    def _hash(self) -> int:
        return hash((self.cost, self.signatures))

    def __hash__(self) -> int:
        # `charge` is cached per Kinds: hashing the frozensets on every call was a fifth of it.
        return self._hash

    def kind(self, colours: Sequence[str]) -> int:
        return 1 + self.signatures.index(frozenset(set(colours) & set(self.cost.colours)))

    @property
    def count(self) -> int:
        return 1 + len(self.signatures)

    def matched(self, energy: Sequence[int]) -> int:
        """How many specified colours the energy (counts per kind) can match at once.

        The deficiency form of Hall's theorem: the minimum over sets S of colours of the needs
        outside S plus the energy cards that can pay some colour in S.
        """
        return min(
            outside + sum(energy[kind] for kind in helpers) for outside, helpers in self._hall
        )

    @cached_property
    def _hall(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Per set S of colours: the needs outside S, and the kinds that can pay a colour in S."""
        return tuple(
            (
                sum(n for colour, n in self.cost.needs if colour not in subset),
                tuple(1 + i for i, sig in enumerate(self.signatures) if sig & subset),
            )
            for subset in self.cost.subsets
        )

    def payable(self, energy: Sequence[int]) -> bool:
        total_need = sum(n for _, n in self.cost.needs)
        return sum(energy) >= self.cost.energy and self.matched(energy) >= total_need

    @cache  # noqa: B019 - few Kinds live at once; the reference engine asks the same states often
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


class Energies:
    """The energy of many games (or exact DP states) at once: `Kinds.charge` and
    `Kinds.payable` over arrays, for the fast engine and the DP alike.

    Energy is kept as the sums `Kinds.matched` takes the minimum of, one int8 row per set of
    colours (at most 60 cards), plus the card count: the counts per kind are never needed.
    Every step is a whole-row operation on small integers; numpy's per-call cost, not the
    arithmetic, is what the engine spends its time on.
    """

    def __init__(self, kinds: Kinds, games: int, energy: np.ndarray | None = None):
        """No energy yet, or `energy`: (kinds, games) counts."""
        hall = kinds._hall
        self.cost = kinds.cost.energy
        self.need = sum(n for _, n in kinds.cost.needs)
        self.sums = np.repeat(np.array([[outside] for outside, _ in hall], np.int8), games, axis=1)
        self.cards = np.zeros(games, dtype=np.int8)
        self.helpers = [helpers for _, helpers in hall]
        if energy is not None:
            self.cards += energy.sum(axis=0, dtype=np.int8)
            for row, helpers in enumerate(self.helpers):
                for kind in helpers:
                    self.sums[row] += energy[kind]
        self.least = self.sums.min(axis=0)
        coloured = range(1, len(kinds.signatures))
        self.coloured = slice(1, len(kinds.signatures))
        self.plain = len(kinds.signatures)
        # Per coloured kind, the sets it does not help (the empty set is always among them).
        self.unhelped = [
            [row for row, helpers in enumerate(self.helpers) if kind not in helpers]
            for kind in coloured
        ]
        # The charge rule's options in priority order, one row each: a coloured card that
        # matches one more colour, a card of no needed colour, any coloured card. The first
        # option a game has is the highest weight it has; `_chosen` maps weights to kinds.
        count = 2 * len(coloured) + 1
        self.options = np.empty((count, games), dtype=bool)
        self.weights = np.arange(count, 0, -1, dtype=np.uint8)[:, None]
        options = [*coloured, self.plain, *coloured]
        self._chosen = np.array([-1, *reversed(options)], dtype=np.int8)

    def charges(self, hand: np.ndarray) -> np.ndarray:
        """`Kinds.charge` for every game: (kinds, games) hand counts in, kind (or −1) out.

        One more card of a kind matches one more colour exactly when no set at the minimum of
        `matched` lacks that kind among its helpers.
        """
        at_minimum = self.sums == self.least
        held = hand > 0
        high, plain, low = self._split(self.options)
        for row, unhelped in enumerate(self.unhelped):
            blocked = at_minimum[unhelped[0]]
            for other in unhelped[1:]:
                blocked = blocked | at_minimum[other]
            np.greater(held[row + 1], blocked, out=high[row])
        plain[:] = held[self.plain]
        low[:] = held[self.coloured]
        best = (self.options.view(np.uint8) * self.weights).max(axis=0)
        return self._chosen.take(best.astype(np.intp))

    def _split(self, options: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        coloured = len(self.unhelped)
        return options[:coloured], options[coloured], options[coloured + 1 :]

    def add(self, charged: np.ndarray) -> None:
        """Charge cards into each game's energy: (kinds, games) one-hot rows (or none)."""
        flags = charged.view(np.int8)
        for row, helpers in enumerate(self.helpers):
            for kind in helpers:
                self.sums[row] += flags[kind]
        self.cards += flags[1:].sum(axis=0, dtype=np.int8)
        self.least = self.sums.min(axis=0)

    def pays(self) -> np.ndarray:
        """`Kinds.payable` for every game."""
        return (self.cards >= self.cost) & (self.least >= self.need)


def _plus(values: Sequence[Any], kind: int) -> tuple[Any, ...]:
    return (*values[:kind], values[kind] + 1, *values[kind + 1 :])


#: The exact energy DP's states, by how much of the detail still matters: hand and energy counts
#: per kind while a specified colour is unmatched (`Detailed`, as arrays); once every colour is
#: matched, (MATCHED, targets seen, other cards in hand, energy cards); once the energy pays the
#: cost, (PAID, targets seen).
MATCHED, PAID = 1, 2
State = tuple[int, ...]


@dataclass
class Detailed:
    """States with an unmatched colour, one column each: hand then energy counts per kind
    ((2 × kinds, states) int16), and their probabilities."""

    counts: np.ndarray
    p: np.ndarray

    @property
    def hand(self) -> np.ndarray:
        return self.counts[: len(self.counts) // 2]

    @property
    def energy(self) -> np.ndarray:
        return self.counts[len(self.counts) // 2 :]

    def merged(self) -> Detailed:
        """Equal states summed into one: sorted by their counts, then each run added up."""
        if not self.p.size:
            return self
        order = np.lexsort(self.counts)
        counts = self.counts[:, order]
        starts = np.flatnonzero(
            np.concatenate(([True], (counts[:, 1:] != counts[:, :-1]).any(axis=0)))
        )
        return Detailed(counts[:, starts], np.add.reduceat(self.p[order], starts))

    def where(self, keep: np.ndarray) -> Detailed:
        return Detailed(self.counts[:, keep], self.p[keep])


class Curve:
    """The exact distribution of the energy-on-curve game, turn by turn, over lumped states.

    Energy only grows and a paid cost stays paid, so states that can no longer differ in what
    is asked are merged: once every specified colour is matched the charge rule charges any card
    but the target and only the energy count matters; once the cost is paid only the number of
    targets seen does (they are never charged, so one in hand is one seen). Draws are uniform
    over the cards not yet seen (the life cards are unseen too), which needs only the counts seen.
    The detailed states, hundreds a turn, are stepped as numpy columns (`Energies` charges them as
    the fast engine charges games); the few lumped ones in a dict.
    """

    def __init__(self, kinds: Kinds, counts: Sequence[int]):
        self.kinds = kinds
        self.counts = tuple(counts)
        self.size = sum(counts)
        self.need = sum(n for _, n in kinds.cost.needs)
        self.counts_column = np.array(counts, dtype=np.int16)[:, None]
        self.rows = np.arange(len(counts), dtype=np.int16)[:, None]

    def run(self, opening: int, draws: Sequence[int]) -> tuple[list[float], list[float]]:
        """P(the card is in hand and payable) and P(payable) after each turn's charge."""
        hands = list(_counts(self.counts, opening))
        ways = [prod(comb(n, k) for n, k in zip(self.counts, hand, strict=True)) for hand in hands]
        hand = np.array(hands, dtype=np.int16).T
        everything = comb(self.size, opening)
        start = Detailed(np.concatenate((hand, np.zeros_like(hand))), np.array(ways) / everything)
        matched = Energies(self.kinds, len(hands)).least >= self.need
        detailed, lumped = self._lump(start, matched, {})
        seen = opening
        hit, can_pay = [], []
        for turn_draws in draws:
            for _ in range(turn_draws):
                detailed = self._draw(detailed, self.size - seen)
                lumped = self._draw_lumped(lumped, self.size - seen)
                seen += 1
            detailed, lumped = self._charge(detailed, lumped)
            paid = [(state[1], p) for state, p in lumped.items() if state[0] == PAID]
            can_pay.append(sum(p for _, p in paid))
            hit.append(sum(p for targets, p in paid if targets))
        return hit, can_pay

    def _draw(self, states: Detailed, unseen: int) -> Detailed:
        """Every state with one more card of each kind still unseen, by its chance."""
        kinds, count = states.hand.shape
        left = (self.counts_column - states.hand - states.energy).ravel()
        counts = np.concatenate([states.counts] * kinds, axis=1)  # block k: those that draw k
        for kind in range(kinds):
            counts[kind, kind * count : (kind + 1) * count] += 1
        drawn = Detailed(counts, np.tile(states.p, kinds) * left / unseen)
        return drawn.where(left > 0).merged()

    def _draw_lumped(self, states: dict[State, float], unseen: int) -> dict[State, float]:
        out: dict[State, float] = {}
        for state, p in states.items():
            targets_left = self.counts[TARGET] - state[1]
            if targets_left:
                _add(out, (state[0], state[1] + 1, *state[2:]), p * targets_left / unseen)
            if unseen > targets_left:
                other = p * (unseen - targets_left) / unseen
                if state[0] == MATCHED:
                    _add(out, (MATCHED, state[1], state[2] + 1, state[3]), other)
                else:
                    _add(out, state, other)
        return out

    def _charge(
        self, states: Detailed, lumped: dict[State, float]
    ) -> tuple[Detailed, dict[State, float]]:
        out: dict[State, float] = {}
        for state, p in lumped.items():
            if state[0] == MATCHED and state[2]:
                _, targets, others, energy = state
                state = self._settle(targets, others - 1, energy + 1)
            _add(out, state, p)
        energies = Energies(self.kinds, states.p.size, states.energy)
        charged = self.rows == energies.charges(states.hand)
        energies.add(charged)
        moved = charged.view(np.int8)
        charged_states = Detailed(
            np.concatenate((states.hand - moved, states.energy + moved)), states.p
        )
        return self._lump(charged_states, energies.least >= self.need, out)

    def _lump(
        self, states: Detailed, matched: np.ndarray, lumped: dict[State, float]
    ) -> tuple[Detailed, dict[State, float]]:
        """The detailed states that still have an unmatched colour; the `matched` ones added to
        `lumped`. Equal detailed states are left to the next draw to merge."""
        if not matched.any():
            return states, lumped
        done = states.where(matched)
        targets = done.hand[TARGET].astype(np.int64)
        energy = done.energy.sum(axis=0, dtype=np.int64)
        paid = energy >= self.kinds.cost.energy
        for seen, p in enumerate(np.bincount(targets[paid], weights=done.p[paid]).tolist()):
            if p:
                _add(lumped, (PAID, seen), p)
        # (targets, others, energy) as one number below (size + 1)³, to add up equal states
        base = self.size + 1
        others = done.hand.sum(axis=0, dtype=np.int64) - targets
        keys = ((targets * base + others) * base + energy)[~paid]
        found, index = np.unique(keys, return_inverse=True)
        sums = np.bincount(index, weights=done.p[~paid])
        for key, p in zip(found.tolist(), sums.tolist(), strict=True):
            rest, energy_count = divmod(key, base)
            _add(lumped, (MATCHED, *divmod(rest, base), energy_count), p)
        return states.where(~matched), lumped

    def _settle(self, targets: int, others: int, energy: int) -> State:
        if energy >= self.kinds.cost.energy:
            return (PAID, targets)
        return (MATCHED, targets, others, energy)


def _add(states: dict[State, float], state: State, p: float) -> None:
    states[state] = states.get(state, 0.0) + p


def _counts(counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every count vector of `size` cards over the kinds that the counts allow."""
    if len(counts) == 1:
        if size <= counts[0]:
            yield (size,)
        return
    for first in range(min(counts[0], size) + 1):
        for rest in _counts(counts[1:], size - first):
            yield (first, *rest)
