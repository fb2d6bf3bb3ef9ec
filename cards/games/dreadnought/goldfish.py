"""Dreadnought goldfish goals (RULES.md §1.3, CONTRACT §5).

Setup: shuffle the 50-card main deck; each caster takes its HP cards (its `hp`, 3 when unknown) face
down from the deck top; 1 burst is placed face down from the deck top; draw 7. Each turn the top
card is turned up as the speed card (a public hand card, so it counts as drawn); then the first
player draws 1 and the second draws 2, and each sets 1 burst from hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cards.games.base import Deck
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
from cards.games.sim import deal

OPENING_HAND = 7
OPENING_BURSTS = 1
#: A caster's HP when the card data does not give it *(outside the seeds: typical value)*.
DEFAULT_HP = 3
SPEED_CARDS_PER_TURN = 1
DRAWS = {"first": 1, "second": 2}


def hp_cards(deck: Deck) -> int:
    """The HP cards both casters take from the deck top at setup."""
    casters = [entry.card for entry in deck.entries("casters") for _ in range(entry.count)]
    return sum(card["hp"] if card["hp"] is not None else DEFAULT_HP for card in casters)


def drawn_reference(cards: Sequence[bool], hp: int, turns: int, play: str):
    """The reference game for `drawn`: setup, then each turn's speed card and draws (no burns)."""

    def play_one(rng: random.Random) -> list[int]:
        library = list(cards)
        rng.shuffle(library)
        deal(library, hp)  # HP cards under the casters, face down
        deal(library, OPENING_BURSTS)  # the opening burst, face down
        hand = deal(library, OPENING_HAND)
        drawn = [sum(hand)]
        for _turn in range(1, turns + 1):
            hand += deal(library, SPEED_CARDS_PER_TURN)  # the speed card, turned up
            hand += deal(library, DRAWS[play])
            drawn.append(sum(hand))
        return drawn

    return play_one


def prepare_drawn(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    main = list(context.deck.entries("main"))
    targets = {entry.card.number for entry in context.resolve(goal["cards"], "main")}
    cards = [entry.card.number in targets for entry in main for _ in range(entry.count)]
    turns, play = goal["turn"], goal["play"]
    hp = hp_cards(context.deck)
    segments = [Segment(0, hp, False), Segment(0, OPENING_BURSTS, False)]
    segments += [Segment(0, OPENING_HAND, True)]
    per_turn = SPEED_CARDS_PER_TURN + DRAWS[play]
    segments += [Segment(turn, per_turn, True) for turn in range(1, turns + 1)]
    return DrawnGoal(
        goal,
        size=len(cards),
        targets=sum(cards),
        at_least=goal["at_least"],
        segments=segments,
        reference_game=drawn_reference(cards, hp, turns, play),
    )


DRAWN = GoalType(
    name="drawn",
    label="Cards drawn by turn",
    description=(
        "P(at least k of these cards are drawn by the end of the draw phase of own turn t): "
        "7 + 2t cards when first, 7 + 3t when second (speed cards included, no speed burns); "
        "HP cards and bursts are not drawn."
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
