"""Gundam War goldfish goals (RULES.md §3.3, CONTRACT §5).

Setup: shuffle the 50-card main deck and draw 6; mulligan A (a hand with no G may be shown and
redrawn to 6, once, only first) and mulligan B (shuffle back and draw 5, then 4, then 3). The first
player does not draw on turn 1; every other turn draws 1. One G is played per turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cards.games.goldfish import (
    PLAY_FIELD,
    Context,
    DrawnGoal,
    Field,
    GoalType,
    Segment,
    at_least_field,
    cards_field,
    turn_field,
)

OPENING_HAND = 6


def draws_on_turn(turn: int, play: str) -> int:
    """Cards drawn on a turn: 1, except on the first player's first turn."""
    return 0 if play == "first" and turn == 1 else 1


def deal(library: list[Any], count: int) -> list[Any]:
    """Take `count` cards from the top (the end of the list) of a shuffled library."""
    taken = library[len(library) - count :]
    del library[len(library) - count :]
    return taken


def drawn_reference(cards: Sequence[bool], turns: int, play: str):
    """The reference game for `drawn`: draw 6, then the turns' draws, with no mulligan."""

    def play_one(rng: random.Random) -> list[int]:
        library = list(cards)
        rng.shuffle(library)
        hand = deal(library, OPENING_HAND)
        drawn = [sum(hand)]
        for turn in range(1, turns + 1):
            hand += deal(library, draws_on_turn(turn, play))
            drawn.append(sum(hand))
        return drawn

    return play_one


def prepare_drawn(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    main = list(context.deck.entries("main"))
    targets = {entry.card.number for entry in context.resolve(goal["cards"], "main")}
    cards = [entry.card.number in targets for entry in main for _ in range(entry.count)]
    turns, play = goal["turn"], goal["play"]
    segments = [Segment(0, OPENING_HAND, True)]
    segments += [Segment(turn, draws_on_turn(turn, play), True) for turn in range(1, turns + 1)]
    return DrawnGoal(
        goal,
        size=len(cards),
        targets=sum(cards),
        at_least=goal["at_least"],
        segments=segments,
        reference_game=drawn_reference(cards, turns, play),
    )


DRAWN = GoalType(
    name="drawn",
    label="Cards drawn by turn",
    description=(
        "P(at least k of these cards are in the cards drawn by the end of the draw step of own "
        "turn t); opening hand included, no mulligan."
    ),
    fields=(
        cards_field(),
        at_least_field(default=1),
        turn_field(),
        PLAY_FIELD,
        Field("mulligan", "Mulligan", "choice", default="none", choices=("none",)),
    ),
    prepare=prepare_drawn,
)

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DRAWN,)}
