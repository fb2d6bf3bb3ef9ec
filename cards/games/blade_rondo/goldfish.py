"""Blade Rondo goldfish goals (RULES.md §4.1, §4.4, CONTRACT §5).

There is no draw: the 40-card set deck (`pool`) is shuffled, each player is dealt 15 and keeps 7 as
the hand for the whole game; the rest is set aside unseen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

import numpy as np

from cards.games.base import Card
from cards.games.game import name_key, number_key
from cards.games.goldfish import (
    Context,
    DrawnGoal,
    Field,
    Goal,
    GoalError,
    GoalType,
    Segment,
    Tally,
    at_least_field,
    cards_field,
)
from cards.games.sim import batches, deal_kinds

DEALT = 15
HAND = 7


def dealt_reference(cards: Sequence[bool]):
    """The reference deal: shuffle the pool and deal 15 to the player."""

    def play_one(rng: random.Random) -> list[int]:
        pool = list(cards)
        rng.shuffle(pool)
        return [sum(pool[:DEALT])]

    return play_one


def pool_cards(context: Context) -> list[Any]:
    pool = [entry.card for entry in context.deck.entries("pool") for _ in range(entry.count)]
    if len(pool) < DEALT:
        raise GoalError(f"the pool holds {len(pool)} cards; dealing needs at least {DEALT}.")
    return pool


def prepare_dealt(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    targets = {entry.card.number for entry in context.resolve(goal["cards"], "pool")}
    cards = [card.number in targets for card in pool_cards(context)]
    return DrawnGoal(
        goal,
        size=len(cards),
        targets=sum(cards),
        at_least=goal["at_least"],
        segments=[Segment(0, DEALT, True)],
        reference_game=dealt_reference(cards),
    )


DEALT_GOAL = GoalType(
    name="dealt",
    label="Cards dealt",
    description="P(at least k of these cards are among the 15 dealt from the pool).",
    fields=(cards_field(), at_least_field(default=1)),
    prepare=prepare_dealt,
)


# --- best_hand -----------------------------------------------------------------------------------


def card_score(card: Card, scores: dict[str, float], default: int) -> int:
    """A card's declared score: by its number or name first, then by its kind, else the default."""
    folded = {name_key(key): value for key, value in scores.items()}
    numbered = {number_key(key): value for key, value in scores.items()}
    for value in (
        numbered.get(number_key(card.number)),
        folded.get(name_key(card.name)),
        folded.get(name_key(card.type)),
    ):
        if value is not None:
            return int(value)
    return default


class BestHandGoal(Goal):
    """The best 7 of the 15 dealt by a declared score: its mean and P(score at least s).

    Exact: the best-7 sum depends only on how many cards of each score level are dealt, so a DP
    over the levels from the highest down (ways to deal i of a level's n cards, C(n, i)) gives the
    whole distribution of the sum.
    """

    def __init__(self, goal: dict[str, Any], scores: list[int]):
        self.goal = goal
        self.scores = scores
        self.levels = sorted(set(scores), reverse=True)
        self.counts = [scores.count(level) for level in self.levels]
        self.threshold = goal["score_at_least"]

    def exact(self) -> dict[str, float]:
        # (cards dealt, cards kept, sum kept) -> number of ways
        ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
        for level, n in zip(self.levels, self.counts, strict=True):
            nxt: dict[tuple[int, int, int], int] = {}
            for (dealt, kept, total), w in ways.items():
                for i in range(min(n, DEALT - dealt) + 1):
                    take = min(i, HAND - kept)
                    key = (dealt + i, kept + take, total + take * level)
                    nxt[key] = nxt.get(key, 0) + w * comb(n, i)
            ways = nxt
        everything = comb(len(self.scores), DEALT)
        final = {total: w for (dealt, _, total), w in ways.items() if dealt == DEALT}
        return {
            "hit": sum(w for total, w in final.items() if total >= self.threshold) / everything,
            "mean": sum(total * w for total, w in final.items()) / everything,
        }

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        levels = np.asarray(self.levels, dtype=np.int64)
        for games in batches(trials):
            kinds = deal_kinds(rng, self.counts, DEALT, games)
            per_level = np.stack(
                [(kinds == k).sum(axis=0) for k in range(len(self.levels))], axis=1
            )
            before = np.cumsum(per_level, axis=1) - per_level
            kept = np.clip(HAND - before, 0, per_level)
            total = kept @ levels
            tally.count("hit", total >= self.threshold)
            tally.observe("score", total)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        for _ in range(trials):
            pool = list(self.scores)
            rng.shuffle(pool)
            dealt = pool[:DEALT]
            best = sum(sorted(dealt, reverse=True)[:HAND])
            tally.count("hit", best >= self.threshold)
            tally.observe("score", [best])
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["hit"], 6),
            "score": {**tally.mean("score"), "exact": round(exact["mean"], 6)},
        }


def prepare_best_hand(context: Context, goal: dict[str, Any]) -> BestHandGoal:
    if any(value != int(value) for value in goal["scores"].values()):
        raise GoalError("scores must be whole numbers.")
    cards = pool_cards(context)
    return BestHandGoal(
        goal, [card_score(card, goal["scores"], goal["default_score"]) for card in cards]
    )


BEST_HAND = GoalType(
    name="best_hand",
    label="Best 7 of the 15 dealt",
    description=(
        "Score every card (by number, name or kind; others get the default), keep the best 7 of "
        "the 15 dealt: the mean best-7 score and P(at least s)."
    ),
    fields=(
        Field(
            "scores",
            "Scores by card number, name or kind",
            "mapping",
            default={},
            help='e.g. {"physical": 2, "BR-01": 5}',
        ),
        Field(
            "default_score", "Score of other cards", "int", default=0, minimum=-1000, maximum=1000
        ),
        Field(
            "score_at_least", "Best-7 score at least", "int", default=1, minimum=-7000, maximum=7000
        ),
    ),
    prepare=prepare_best_hand,
)

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DEALT_GOAL, BEST_HAND)}
