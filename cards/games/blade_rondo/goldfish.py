"""Blade Rondo goldfish goals (RULES.md §4.1, §4.4, CONTRACT §5).

There is no draw: the 40-card set deck (`pool`) is shuffled, each player is dealt 15 and keeps 7 as
the hand for the whole game; the rest is set aside unseen.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cards.games.goldfish import (
    Context,
    DrawnGoal,
    GoalError,
    GoalType,
    Segment,
    at_least_field,
    cards_field,
)

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

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DEALT_GOAL,)}
