"""How a simulated player decides: the `random` and `greedy` policies (docs/goldfish.md).

A player makes three kinds of choices in the beta game: whether to redo the set-up's five cards
(once), which hand card goes into each empty slot (step ②), and how to reorder the field with at
most two adjacent swaps (step ③). Both players choose at the same time, seeing what the rules let
them see of the other side: the power of a card set face down, and the whole card once it has been
opened (step ④ of an earlier turn).

- `random`: never redoes; fills each empty slot with a hand card chosen uniformly; picks one of
  the 14 arrangements that two adjacent swaps reach, uniformly (doing nothing is one of them).
- `greedy`: scores each of its cards against the opposing slot (see `Appraisal`), fills the slots
  that face an opened card first, each with its best hand card, then the slots facing an empty one
  with its best cards against an unseen card; then takes the arrangement with the highest total
  score against the opposing field as it stands. It redoes the set-up when the five cards turned
  up score below its deck's average against an unseen card. Ties go to the card listed first in
  the decklist and to the arrangement with fewer swaps.

The scores here are the only definition of the greedy policy: the reference engine calls them
card by card and the fast engine indexes tables built from them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .battle import ARRANGEMENTS, NEUTRAL, Fighter, Outcome, battle

POLICIES = {
    "random": "uniform choices: no redo, random hand cards, a random arrangement of ≤ 2 swaps",
    "greedy": "best score against the opponent's visible cards: redo weak set-ups, fill, swap",
}
#: What making a card lose is worth to `greedy` beyond the damage it deals: a card removed or a
#: guard point spent. Half a life point keeps damage first and breaks its ties.
TEMPO = 0.5


@dataclass(frozen=True, slots=True)
class Sight:
    """What a player sees of one opposing card: its power, and the whole card once opened."""

    power: int | None
    card: Fighter | None = None
    guard: int = 0


def exposure(card: Fighter, guard: int) -> int:
    """The damage a card's player takes if it loses now: its risk once its guard is spent."""
    return card.risk if guard == 0 else 0


def score(outcome: Outcome, mine: float, theirs: float) -> float:
    """Greedy's value of one battle: damage dealt minus damage taken, plus `TEMPO` per loser.

    `mine` and `theirs` are the damage each side would take if its card lost.
    """
    value = 0.0
    if outcome.loses(1):
        value += theirs + TEMPO
    if outcome.loses(0):
        value -= mine + TEMPO
    return value


def powers_only(card: Fighter) -> Fighter:
    """The card as a player judges it against a face-down card: its attribute cannot count."""
    return Fighter(card.number, NEUTRAL, card.power, card.risk, card.guard)


class Appraisal:
    """Greedy's scores of its own cards, given the deck it plays (its only model of the opponent).

    Against an opened card the battle is known exactly. Against a face-down card only powers can
    be compared, and the damage it would take is guessed as the mean exposure of the player's own
    deck. Against an empty slot (the card that will fill it is unseen) a card is worth its mean
    score against the player's own deck.
    """

    def __init__(self, deck: Sequence[Fighter]):
        self.deck = tuple(deck)

    @cached_property
    def blind_damage(self) -> float:
        """The mean exposure of the deck, to a quarter point.

        Rounded so that every score against a visible card is a multiple of 1/4: sums of scores
        are then exact in any order, and both engines break ties between arrangements alike.
        """
        mean = sum(exposure(card, card.guard) for card in self.deck) / len(self.deck)
        return round(mean * 4) / 4

    @cached_property
    def _blind(self) -> dict[Fighter, float]:
        return {
            card: sum(
                self.against_card(card, card.guard, other, other.guard) for other in self.deck
            )
            / len(self.deck)
            for card in set(self.deck)
        }

    def against_card(self, card: Fighter, guard: int, other: Fighter, other_guard: int) -> float:
        return score(battle(card, other), exposure(card, guard), exposure(other, other_guard))

    def against_power(self, card: Fighter, guard: int, power: int | None) -> float:
        hidden = Fighter("?", NEUTRAL, power)
        outcome = battle(powers_only(card), hidden)
        return score(outcome, exposure(card, guard), self.blind_damage)

    def against_unseen(self, card: Fighter) -> float:
        return self._blind[card]

    def against(self, card: Fighter, guard: int, sight: Sight | None) -> float:
        """The score of `card` (with `guard` left) facing what is seen of the opposing slot."""
        if sight is None:
            return self.against_unseen(card)
        if sight.card is None:
            return self.against_power(card, guard, sight.power)
        return self.against_card(card, guard, sight.card, sight.guard)

    def wants_redo(self, five: Sequence[Fighter]) -> bool:
        """Whether the set-up's five cards are worse than the deck's average (which is 0)."""
        return sum(self.against_unseen(card) for card in five) < 0


class Policy(ABC):
    """One player's choices in the reference engine. Cards are indices into the player's deck."""

    def __init__(self, deck: Sequence[Fighter], rng: random.Random):
        self.deck = tuple(deck)
        self.rng = rng

    @abstractmethod
    def redo(self, five: Sequence[int]) -> bool:
        """Whether to return the set-up's five cards, shuffle and turn up five again."""

    @abstractmethod
    def fill(self, hand: Sequence[int], empty: Sequence[int], facing: Sequence[Sight | None]):
        """Pairs (slot, hand card) filling every slot of `empty` (step ②).

        `facing[slot]` is what is seen of the opposing slot (None: empty).
        """

    @abstractmethod
    def arrange(self, field: Sequence[tuple[int, int]], facing: Sequence[Sight]) -> tuple[int, ...]:
        """One of `ARRANGEMENTS` for the field's (card, guard left) pairs (step ③)."""


class RandomPolicy(Policy):
    """Uniform choices (see the module docstring)."""

    def redo(self, five: Sequence[int]) -> bool:
        return False

    def fill(self, hand, empty, facing):
        chosen = self.rng.sample(list(hand), len(empty))
        return list(zip(empty, chosen, strict=True))

    def arrange(self, field, facing):
        return self.rng.choice(ARRANGEMENTS)


class GreedyPolicy(Policy):
    """Best score against what is visible (see the module docstring and `Appraisal`)."""

    def __init__(self, deck: Sequence[Fighter], rng: random.Random):
        super().__init__(deck, rng)
        self.appraisal = Appraisal(self.deck)

    def redo(self, five: Sequence[int]) -> bool:
        return self.appraisal.wants_redo([self.deck[card] for card in five])

    def fill(self, hand, empty, facing):
        left = list(hand)
        chosen = []
        # Slots facing an opened card first: there the battle is known exactly.
        for slot in sorted(empty, key=lambda slot: (facing[slot] is None, slot)):
            best = max(
                left,
                key=lambda card: (
                    self.appraisal.against(self.deck[card], self.deck[card].guard, facing[slot]),
                    -card,
                ),
            )
            left.remove(best)
            chosen.append((slot, best))
        return chosen

    def arrange(self, field, facing):
        values = [
            [
                self.appraisal.against(self.deck[card], guard, facing[slot])
                for slot in range(len(field))
            ]
            for card, guard in field
        ]
        return max(
            ARRANGEMENTS,
            key=lambda order: sum(values[source][slot] for slot, source in enumerate(order)),
        )


def make_policy(name: str, deck: Sequence[Fighter], rng: random.Random) -> Policy:
    """The reference engine's policy called `name` (one of `POLICIES`)."""
    return {"random": RandomPolicy, "greedy": GreedyPolicy}[name](deck, rng)
