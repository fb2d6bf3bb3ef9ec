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
from functools import cache, cached_property, reduce
from itertools import combinations
from math import comb
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
        # `charge` is cached per Kinds: hashing the frozensets on every DP step was a fifth of it.
        return self._hash

    def kind(self, colours: Sequence[str]) -> int:
        return 1 + self.signatures.index(frozenset(set(colours) & set(self.cost.colours)))

    @property
    def count(self) -> int:
        return 1 + len(self.signatures)

    def matched(self, energy: Sequence[Any] | np.ndarray) -> Any:
        """How many specified colours the energy can match at once (ints or arrays per kind).

        The deficiency form of Hall's theorem: the minimum over sets S of colours of the needs
        outside S plus the energy cards that can pay some colour in S.
        """
        values = [
            outside + sum(energy[kind] for kind in helpers) for outside, helpers in self._hall
        ]
        scalar = not any(isinstance(v, np.ndarray) for v in values)
        return min(values) if scalar else reduce(np.minimum, values)

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

    def payable(self, energy: Sequence[Any] | np.ndarray) -> Any:
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

    def pays(self, energy: np.ndarray) -> np.ndarray:
        """`payable` for every game at once: (kinds, games) energy counts in."""
        return self.payable(energy)

    def charges(self, hand: np.ndarray, energy: np.ndarray) -> np.ndarray:
        """`charge` for every game at once: (kinds, games) counts in, kind (or −1) out.

        One more card of a kind matches one more colour exactly when every set of colours at the
        minimum of `matched` has that kind among its helpers, i.e. when the sets it does not help
        are all above the minimum. The rules are applied last priority first, each overriding.
        """
        per_set = [outside + sum(energy[k] for k in helpers) for outside, helpers in self._hall]
        base = reduce(np.minimum, per_set)
        held = hand > 0
        coloured = range(1, len(self.signatures))
        plain = len(self.signatures)
        choice = np.full(hand.shape[1], -1, dtype=np.int8)
        for kind in reversed(coloured):
            choice = np.where(held[kind], kind, choice)
        choice = np.where(held[plain], plain, choice)
        for kind in reversed(coloured):
            unhelped = [
                v
                for v, (_, helpers) in zip(per_set, self._hall, strict=True)
                if kind not in helpers
            ]
            better = reduce(np.minimum, unhelped) > base if unhelped else True
            choice = np.where(held[kind] & better, kind, choice)
        return choice


def _plus(values: Sequence[Any], kind: int) -> tuple[Any, ...]:
    return (*values[:kind], values[kind] + 1, *values[kind + 1 :])


#: States of the exact energy DP, tagged by how much of the detail still matters:
#: (DETAILED, hand counts per kind, energy counts per kind) while a specified colour is unmatched;
#: (MATCHED, targets seen, other cards in hand, energy) once every colour is matched;
#: (PAID, targets seen) once the energy pays the cost.
DETAILED, MATCHED, PAID = 0, 1, 2
State = tuple[Any, ...]


class Curve:
    """The exact distribution of the energy-on-curve game, turn by turn, over lumped states.

    Energy only grows and a paid cost stays paid, so states that can no longer differ in what
    is asked are merged: once every specified colour is matched the charge rule charges any card
    but the target and only the energy count matters; once the cost is paid only the number of
    targets seen does (they are never charged, so one in hand is one seen). Draws are uniform
    over the cards not yet seen (the life cards are unseen too), which needs only the counts seen.
    """

    def __init__(self, kinds: Kinds, counts: Sequence[int]):
        self.kinds = kinds
        self.counts = tuple(counts)
        self.size = sum(counts)
        self.need = sum(n for _, n in kinds.cost.needs)
        self._matched: dict[tuple[int, ...], int] = {}
        self._grown: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}

    def run(self, opening: int, draws: Sequence[int]) -> tuple[list[float], list[float]]:
        """P(the card is in hand and payable) and P(payable) after each turn's charge."""
        states: dict[State, float] = {}
        everything = comb(self.size, opening)
        for hand in _counts(self.counts, opening):
            ways = 1
            for n, k in zip(self.counts, hand, strict=True):
                ways *= comb(n, k)
            _add(states, self._lump(hand, (0,) * len(hand)), ways / everything)
        seen = opening
        hit, can_pay = [], []
        for turn_draws in draws:
            for _ in range(turn_draws):
                states = self._draw(states, self.size - seen)
                seen += 1
            states = self._charge_all(states)
            paid = [(state[1], p) for state, p in states.items() if state[0] == PAID]
            can_pay.append(sum(p for _, p in paid))
            hit.append(sum(p for targets, p in paid if targets))
        return hit, can_pay

    def _draw(self, states: dict[State, float], unseen: int) -> dict[State, float]:
        # The DP's inner loop: locals and a memo of each hand plus one card of each kind (far
        # fewer hands than states) keep it within its time budget.
        out: dict[State, float] = {}
        get = out.get
        counts = self.counts
        kinds = range(len(counts))
        grown = self._grown
        for state, p in states.items():
            if state[0] == DETAILED:
                _, hand, energy = state
                hands = grown.get(hand)
                if hands is None:
                    hands = grown[hand] = tuple(_plus(hand, kind) for kind in kinds)
                for kind in kinds:
                    left = counts[kind] - hand[kind] - energy[kind]
                    if left:
                        key = (DETAILED, hands[kind], energy)
                        out[key] = get(key, 0.0) + p * left / unseen
                continue
            targets_left = counts[TARGET] - state[1]
            if targets_left:
                _add(out, (state[0], state[1] + 1, *state[2:]), p * targets_left / unseen)
            if unseen > targets_left:
                other = p * (unseen - targets_left) / unseen
                if state[0] == MATCHED:
                    _add(out, (MATCHED, state[1], state[2] + 1, state[3]), other)
                else:
                    _add(out, state, other)
        return out

    def _charge_all(self, states: dict[State, float]) -> dict[State, float]:
        out: dict[State, float] = {}
        get = out.get
        charge, lump = self.kinds.charge, self._lump
        for state, p in states.items():
            if state[0] == DETAILED:
                _, hand, energy = state
                kind = charge(hand, energy)
                if kind is not None:
                    hand, energy = _minus(hand, kind), _plus(energy, kind)
                state = lump(hand, energy)
            elif state[0] == MATCHED and state[2]:
                _, targets, others, energy_count = state
                state = self._settle(targets, others - 1, energy_count + 1)
            out[state] = get(state, 0.0) + p
        return out

    def _lump(self, hand: tuple[int, ...], energy: tuple[int, ...]) -> State:
        matched = self._matched.get(energy)
        if matched is None:
            matched = self._matched[energy] = self.kinds.matched(energy)
        if matched < self.need:
            return (DETAILED, hand, energy)
        return self._settle(hand[TARGET], sum(hand) - hand[TARGET], sum(energy))

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


def _minus(values: tuple[int, ...], kind: int) -> tuple[int, ...]:
    return (*values[:kind], values[kind] - 1, *values[kind + 1 :])
