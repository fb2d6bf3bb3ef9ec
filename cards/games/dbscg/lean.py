"""DBSCG lean plain-Python loops, one per benchmarked goal (`cards/games/lean.py` says why)."""

from __future__ import annotations

import random
from itertools import accumulate

from .energy import TARGET as CHOSEN
from .goldfish import (
    LIFE,
    OPENING_HAND,
    RETURNED,
    TARGET,
    DeckOutGoal,
    EnergyCurveGoal,
    MulliganGoal,
)


def mulligan(goal: MulliganGoal, rng: random.Random, trials: int) -> float:
    """Return every card of the keep rule, reshuffle, redraw as many; then the turns' draws."""
    deck = list(goal.kinds)
    shuffle = rng.shuffle
    draws, at_least = goal.draws, goal.at_least
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        hand = deck[:OPENING_HAND]
        returned = hand.count(RETURNED)
        targets = hand.count(TARGET)
        if returned:
            rest = deck[OPENING_HAND:] + [RETURNED] * returned
            shuffle(rest)
            drawn = rest[:returned] + rest[returned + LIFE : returned + LIFE + draws]
        else:
            drawn = deck[OPENING_HAND + LIFE : OPENING_HAND + LIFE + draws]
        if targets + drawn.count(TARGET) >= at_least:
            hits += 1
    return hits / trials


def energy_curve(goal: EnergyCurveGoal, rng: random.Random, trials: int) -> float:
    """One charge a turn by the game's own rule (`Kinds.charge`); paid on the last turn?"""
    kinds = goal.kinds
    count = kinds.count
    deck = [kind for kind, n in enumerate(goal.counts) for _ in range(n)]
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        hand = [0] * count
        for card in deck[:OPENING_HAND]:
            hand[card] += 1
        energy = [0] * count
        position = OPENING_HAND + LIFE
        for draws in goal.draws:
            for card in deck[position : position + draws]:
                hand[card] += 1
            position += draws
            kind = kinds.charge(tuple(hand), tuple(energy))
            if kind is not None:
                hand[kind] -= 1
                energy[kind] += 1
        if hand[CHOSEN] and kinds.payable(tuple(energy)):
            hits += 1
    return hits / trials


def deck_out(goal: DeckOutGoal, rng: random.Random, trials: int) -> float:
    """P(the deck runs out before life reaches 0): life only goes down, so a game survives
    when the life cards taken on all its opponent turns add up to less than its life."""
    amounts = list(goal.taken)
    cumulative = list(accumulate(goal.taken.values()))
    turns = goal._life_lost_before(goal.deck_out)
    choices = rng.choices
    hits = 0
    for _ in range(trials):
        if sum(choices(amounts, cum_weights=cumulative, k=turns)) < LIFE:
            hits += 1
    return hits / trials
