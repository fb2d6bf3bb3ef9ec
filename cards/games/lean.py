"""Lean plain-Python loops: the baseline of the engines bench (issue 25).

Each is the quickest plain loop a competent engineer would write for one goal: a whole-deck
`random.shuffle` per game, one game at a time, reading the prepared goal's numbers and the game's
own rule functions (never numpy). Each returns its estimate of the goal's main figure (a
probability), which the tests check against the exact answer or the fast engine; the bench
(`decklab/tooling/bench/engines.py`) times them beside the fast engine. A game's own loops live in
`cards/games/<slug>/lean.py`; this module holds the one every game shares.
"""

from __future__ import annotations

import random

from cards.games.goldfish import DrawnGoal


def drawn(goal: DrawnGoal, rng: random.Random, trials: int) -> float:
    """`drawn`/`dealt`: at least k targets among the cards drawn by the last turn.

    Unseen cards (life, HP) take places in the shuffle but never change which cards are drawn
    from a uniform shuffle, so the drawn cards are the first ones of the shuffled deck.
    """
    deck = list(goal.cards)
    drawn = goal.drawn_by_turn()[-1]
    at_least = goal.at_least
    shuffle = rng.shuffle
    hits = 0
    for _ in range(trials):
        shuffle(deck)
        if sum(deck[:drawn]) >= at_least:
            hits += 1
    return hits / trials
