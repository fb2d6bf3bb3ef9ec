"""Gundam War lean plain-Python loops, one per benchmarked goal (`cards/games/lean.py` says
why; `drawn` is the shared loop)."""

from __future__ import annotations

import random

from .goldfish import (
    G_COLOR,
    G_OTHER,
    MULLIGAN_B_HANDS,
    OPENING_HAND,
    GInPlayGoal,
    MulliganGoal,
    play_g,
)


def mulligan(goal: MulliganGoal, rng: random.Random, trials: int) -> float:
    """Mulligans A and B as the goal says; at least k G in the kept hand?"""
    deck = [True] * goal.gs + [False] * (goal.size - goal.gs)
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        g = sum(deck[:OPENING_HAND])
        if goal.use_a and not g:
            shuffle(deck)
            g = sum(deck[:OPENING_HAND])
        used = 0
        while goal._wants_b(g, used):
            shuffle(deck)
            g = sum(deck[: MULLIGAN_B_HANDS[used]])
            used += 1
        if g >= goal.at_least:
            hits += 1
    return hits / trials


def g_in_play(goal: GInPlayGoal, rng: random.Random, trials: int) -> float:
    """One G a turn by the game's own choice (`play_g`): enough G, and of the colour, by t?"""
    deck = [kind for kind, n in enumerate(goal.counts) for _ in range(n)]
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        hand_c = hand_o = played_c = played_o = 0
        for card in deck[:OPENING_HAND]:
            hand_c += card == G_COLOR
            hand_o += card == G_OTHER
        position = OPENING_HAND
        for draws in goal.draws:
            for card in deck[position : position + draws]:
                hand_c += card == G_COLOR
                hand_o += card == G_OTHER
            position += draws
            colour, other = play_g(hand_c > 0, hand_o > 0, played_c, goal.need_c)
            if colour:
                hand_c -= 1
                played_c += 1
            elif other:
                hand_o -= 1
                played_o += 1
        if goal._met(played_c, played_o):
            hits += 1
    return hits / trials
