"""Dragon Ball Super Card Game goldfish goals (RULES.md §2.3, CONTRACT §5).

Setup: shuffle the main deck, draw 6, one mulligan (return any number, shuffle, draw as many), then
8 cards from the deck top face down as life. Each turn's charge phase draws 1 (not the first
player's first turn) and may charge 1 card from hand to energy.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Card
from cards.games.goldfish import (
    PLAY_FIELD,
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
    turn_field,
)
from cards.games.sim import batches, deal, deal_kinds

OPENING_HAND = 6
LIFE = 8


def draws_on_turn(turn: int, play: str) -> int:
    """Cards the charge phase draws: 1, except on the first player's first turn."""
    return 0 if play == "first" and turn == 1 else 1


# --- drawn (CONTRACT §5) -----------------------------------------------------------------------


def drawn_reference(cards: Sequence[bool], turns: int, play: str):
    """The reference game for `drawn`: the rules of §2.3 step by step, with no mulligan."""

    def play_one(rng: random.Random) -> list[int]:
        library = list(cards)
        rng.shuffle(library)
        hand = deal(library, OPENING_HAND)
        deal(library, LIFE)  # life: face down, never seen
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
    segments = [Segment(0, OPENING_HAND, True), Segment(0, LIFE, False)]
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
        "P(at least k of these cards are drawn into hand by the end of the charge phase's draw "
        "on own turn t); opening hand included, life not, no mulligan."
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


# --- dragon_balls --------------------------------------------------------------------------------

DRAGON_BALL = "Dragon Ball"


def is_dragon_ball(card: Card) -> bool:
    return any(keyword.casefold() == DRAGON_BALL.casefold() for keyword in card["keywords"] or ())


def prepare_dragon_balls(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    main = list(context.deck.entries("main"))
    if not any(is_dragon_ball(entry.card) for entry in main):
        raise GoalError("the main deck holds no [Dragon Ball] card.")
    cards = [is_dragon_ball(entry.card) for entry in main for _ in range(entry.count)]
    turns, play = goal["turn"], goal["play"]
    segments = [Segment(0, OPENING_HAND, True), Segment(0, LIFE, False)]
    segments += [Segment(turn, draws_on_turn(turn, play), True) for turn in range(1, turns + 1)]
    return DrawnGoal(
        goal,
        size=len(cards),
        targets=sum(cards),
        at_least=goal["count"],
        segments=segments,
        reference_game=drawn_reference(cards, turns, play),
    )


DRAGON_BALLS = GoalType(
    name="dragon_balls",
    label="[Dragon Ball] cards drawn",
    description=(
        "The turn by which N [Dragon Ball] cards have been drawn: P(at least N drawn) for every "
        "turn up to t (7 in the drop area enable the leader's Wish)."
    ),
    fields=(
        Field("count", "[Dragon Ball] cards", "int", default=7, minimum=1, maximum=7),
        turn_field(default=20, maximum=40),
        PLAY_FIELD,
    ),
    prepare=prepare_dragon_balls,
)


# --- mulligan ------------------------------------------------------------------------------------

#: Card kinds of the mulligan goal: a target, a card the keep rule returns, any other card.
TARGET, RETURNED, OTHER = 0, 1, 2


def energy_cost(card: Card) -> int:
    """The printed energy cost; `X` and missing costs count as 0."""
    cost = card["energy_cost"]
    return cost if isinstance(cost, int) else 0


class MulliganGoal(Goal):
    """Keep rule "return every card costing N or more" (targets always kept), then drawn by turn t.

    Exact: a sum over the opening hand's (targets, returned, other) counts of the multivariate
    hypergeometric, times the hypergeometric chance of drawing the rest from the reshuffled deck
    (life cards are unseen, so only the number of cards drawn after the mulligan matters).
    """

    proportions = ("hit", "fires")

    def __init__(self, goal: dict[str, Any], kinds: list[int]):
        self.goal = goal
        self.kinds = kinds
        self.counts = [kinds.count(kind) for kind in (TARGET, RETURNED, OTHER)]
        self.size = len(kinds)
        self.at_least = goal["at_least"]
        self.draws = sum(draws_on_turn(t, goal["play"]) for t in range(1, goal["turn"] + 1))
        if OPENING_HAND + LIFE + self.draws > self.size:
            raise GoalError(f"a {self.size}-card deck runs out before turn {goal['turn']}.")

    def _hands(self):
        targets, returned, other = self.counts
        for t in range(min(targets, OPENING_HAND) + 1):
            for r in range(min(returned, OPENING_HAND - t) + 1):
                o = OPENING_HAND - t - r
                if o <= other:
                    ways = comb(targets, t) * comb(returned, r)
                    ways *= comb(other, o)
                    yield t, r, ways / comb(self.size, OPENING_HAND)

    def exact(self) -> dict[str, float]:
        targets = self.counts[TARGET]
        hit = fires = returned_mean = 0.0
        for t, r, p in self._hands():
            deck = self.size - OPENING_HAND + r
            hit += p * stats.hypergeom_at_least(
                deck, targets - t, r + self.draws, self.at_least - t
            )
            fires += p * (r > 0)
            returned_mean += p * r
        without = stats.hypergeom_at_least(
            self.size, targets, OPENING_HAND + self.draws, self.at_least
        )
        return {"hit": hit, "fires": fires, "returned": returned_mean, "without_mulligan": without}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        targets = self.counts[TARGET]
        for games in batches(trials):
            hand = deal_kinds(rng, self.counts, OPENING_HAND, games)
            kept = (hand == TARGET).sum(axis=0)
            returned = (hand == RETURNED).sum(axis=0)
            deck = self.size - OPENING_HAND + returned
            # After the reshuffle only the number of targets among the cards drawn matters.
            later = rng.hypergeometric(
                targets - kept, deck - (targets - kept), returned + self.draws
            )
            tally.count("hit", kept + later >= self.at_least)
            tally.count("fires", returned > 0)
            tally.observe("returned", returned)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        for _ in range(trials):
            library = list(self.kinds)
            rng.shuffle(library)
            hand = deal(library, OPENING_HAND)
            returned = [card for card in hand if card == RETURNED]
            hand = [card for card in hand if card != RETURNED]
            library += returned
            rng.shuffle(library)
            hand += deal(library, len(returned))
            deal(library, LIFE)
            for turn in range(1, self.goal["turn"] + 1):
                hand += deal(library, draws_on_turn(turn, self.goal["play"]))
            tally.count("hit", hand.count(TARGET) >= self.at_least)
            tally.count("fires", bool(returned))
            tally.observe("returned", [len(returned)])
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["hit"], 6),
            "mulligan_fires": {**tally.proportion("fires"), "exact": round(exact["fires"], 6)},
            "cards_returned": {**tally.mean("returned"), "exact": round(exact["returned"], 6)},
            "without_mulligan_exact": round(exact["without_mulligan"], 6),
        }


def prepare_mulligan(context: Context, goal: dict[str, Any]) -> MulliganGoal:
    targets = {entry.card.number for entry in context.resolve(goal["cards"], "main")}
    threshold = goal["return_cost_at_least"]
    kinds = [
        TARGET
        if entry.card.number in targets
        else RETURNED
        if energy_cost(entry.card) >= threshold
        else OTHER
        for entry in context.deck.entries("main")
        for _ in range(entry.count)
    ]
    return MulliganGoal(goal, kinds)


MULLIGAN = GoalType(
    name="mulligan",
    label="Mulligan keep rule",
    description=(
        "Return every card costing N or more (target cards are always kept), shuffle, draw as "
        "many; P(at least k targets drawn by turn t), how often the mulligan fires and how many "
        "cards it returns, beside the no-mulligan answer."
    ),
    fields=(
        cards_field(),
        at_least_field(default=1),
        turn_field(default=1),
        PLAY_FIELD,
        Field(
            "return_cost_at_least",
            "Return cards costing at least",
            "int",
            default=4,
            minimum=0,
            maximum=20,
        ),
    ),
    prepare=prepare_mulligan,
)


GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DRAWN, DRAGON_BALLS, MULLIGAN)}
