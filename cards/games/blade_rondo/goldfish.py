"""Blade Rondo goldfish goals (RULES.md §4.1, §4.4, CONTRACT §5).

There is no draw: the set deck (`pool`) is shuffled, each player is dealt the set deck's `dealt`
count (15; 10 from the 24-card Bread Rondo, §4.2.2) and keeps 7 as the hand for the whole game; the
rest is set aside unseen. The count comes from the legality rule's `dealt_size`, the one place
that reads it from the set decks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import comb
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Card
from cards.games.game import Simulation, name_key, number_key
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
    named,
    turn_field,
)
from cards.games.messages import gettext_noop
from cards.games.needs import Need
from cards.games.sim import batches, deal_kinds

from .legality import dealt_size

HAND = 7


def dealt_count(context: Context) -> int:
    """How many cards the pool's set deck deals (§4.2.2), as the legality rule counts them: among
    the imported set decks where there are some."""
    return dealt_size(context.deck, context.data)


def pool_cards(context: Context) -> list[Any]:
    pool = [entry.card for entry in context.deck.entries("pool") for _ in range(entry.count)]
    dealt = dealt_count(context)
    if len(pool) < dealt:
        raise GoalError(
            gettext_noop("The pool holds %(count)d cards; dealing needs at least %(dealt)d."),
            count=len(pool),
            dealt=dealt,
        )
    return pool


def prepare_dealt(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    """Shuffle the pool and deal the set deck's count to the player: a `drawn` with no turns."""
    pool_cards(context)
    cards = named(context, goal["cards"], "pool")
    return DrawnGoal(goal, cards, goal["at_least"], [Segment(0, dealt_count(context), True)])


DEALT_GOAL = GoalType(
    name="dealt",
    label=gettext_noop("Cards dealt"),
    description=gettext_noop(
        "P(at least k of these cards are among the cards dealt from the pool: 15, or 10 "
        "from Bread Rondo)."
    ),
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
    """The best 7 of the cards dealt by a declared score: its mean and P(score at least s).

    Exact: the best-7 sum depends only on how many cards of each score level are dealt, so a DP
    over the levels from the highest down (ways to deal i of a level's n cards, C(n, i)) gives the
    whole distribution of the sum.
    """

    def __init__(self, goal: dict[str, Any], scores: list[int], dealt: int):
        self.goal = goal
        self.scores = scores
        self.dealt = dealt
        self.levels = sorted(set(scores), reverse=True)
        self.counts = [scores.count(level) for level in self.levels]
        self.threshold = goal["score_at_least"]

    def exact(self) -> dict[str, float]:
        # (cards dealt, cards kept, sum kept) -> number of ways
        ways: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
        for level, n in zip(self.levels, self.counts, strict=True):
            nxt: dict[tuple[int, int, int], int] = {}
            for (dealt, kept, total), w in ways.items():
                for i in range(min(n, self.dealt - dealt) + 1):
                    take = min(i, HAND - kept)
                    key = (dealt + i, kept + take, total + take * level)
                    nxt[key] = nxt.get(key, 0) + w * comb(n, i)
            ways = nxt
        everything = comb(len(self.scores), self.dealt)
        final = {total: w for (dealt, _, total), w in ways.items() if dealt == self.dealt}
        return {
            "hit": sum(w for total, w in final.items() if total >= self.threshold) / everything,
            "mean": sum(total * w for total, w in final.items()) / everything,
        }

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        levels = np.asarray(self.levels, dtype=np.int64)
        for games in batches(trials):
            kinds = deal_kinds(rng, self.counts, self.dealt, games)
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
            dealt = pool[: self.dealt]
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
        raise GoalError(gettext_noop("Scores must be whole numbers."))
    cards = pool_cards(context)
    scores = [card_score(card, goal["scores"], goal["default_score"]) for card in cards]
    if len(set(scores)) == 1:
        raise GoalError(
            gettext_noop(
                "Every card of the pool scores %(score)d, so the best 7 always score the same: "
                "give scores to some cards (by number, name or kind)."
            ),
            score=scores[0],
        )
    return BestHandGoal(goal, scores, dealt_count(context))


BEST_HAND = GoalType(
    name="best_hand",
    label=gettext_noop("Best 7 of the cards dealt"),
    description=(
        gettext_noop(
            "Score every card (by number, name or kind; others get the default), keep the best 7 of "
            "the cards dealt: the mean best-7 score and P(at least s)."
        )
    ),
    fields=(
        Field(
            "scores",
            gettext_noop("Scores by card number, name or kind"),
            "mapping",
            default={"physical": 1, "magical": 1},
            help=gettext_noop(
                "One row per card number, name or kind with its score: physical → 2, BR-01 → 5."
            ),
        ),
        Field(
            "default_score",
            gettext_noop("Score of other cards"),
            "int",
            default=0,
            minimum=-1000,
            maximum=1000,
        ),
        Field(
            "score_at_least",
            gettext_noop("Best-7 score at least"),
            "int",
            default=3,
            minimum=-7000,
            maximum=7000,
        ),
    ),
    prepare=prepare_best_hand,
)


# --- voltage -------------------------------------------------------------------------------------

#: The voltage die before the first turn *(uncertain: the seed gives no starting value)*.
START_VOLTAGE = 0
MAX_VOLTAGE = 9
LIFE = 15
#: 鼓動法: the second player's breathing card, +1 cost once.
SECOND_PLAYER_BONUS = 1


def voltage_table(turns: int, play: str) -> list[dict[str, int]]:
    """Each turn's voltage, cost budget, budget so far and life (RULES.md §4.4).

    Voltage +1 a turn; at 9 it stays and the player loses 1 life instead (burst). The second
    player's 鼓動法 adds 1 once, shown in the running total from turn 1.
    """
    rows, voltage, life = [], START_VOLTAGE, LIFE
    total = SECOND_PLAYER_BONUS if play == "second" else 0
    for turn in range(1, turns + 1):
        if voltage >= MAX_VOLTAGE:
            life -= 1
        else:
            voltage += 1
        total += voltage
        rows.append(
            {
                "turn": turn,
                "voltage": voltage,
                "budget": voltage,
                "budget_so_far": total,
                "life": life,
            }
        )
    return rows


def schedulable(costs: Sequence[int], budgets: Sequence[int], bonus: int) -> bool:
    """Whether every cost can be paid in some turn, within each turn's budget (and one +bonus)."""
    order = sorted(costs, reverse=True)

    def place(i: int, left: list[int]) -> bool:
        if i == len(order):
            return True
        for turn, room in enumerate(left):
            if order[i] <= room:
                left[turn] -= order[i]
                if place(i + 1, left):
                    return True
                left[turn] += order[i]
        return False

    options = [list(budgets)]
    if bonus:
        options = [
            [b + bonus * (i == j) for i, b in enumerate(budgets)] for j in range(len(budgets))
        ]
    return any(place(0, option) for option in options)


class VoltageGoal(Goal):
    """P(the chosen cards are all dealt and their costs fit the voltage budgets by turn t).

    The voltage schedule is fixed (`voltage_table`), so whether the set can be used by turn t is
    a fixed yes or no per turn; the chance is that of every chosen card being among the cards dealt
    (at least one copy each, kept in the hand of 7), a multivariate hypergeometric sum.
    """

    proportions = ("dealt",)

    def __init__(self, goal: dict[str, Any], counts: list[int], costs: list[int], dealt: int):
        self.goal = goal
        self.counts = counts
        self.dealt = dealt
        self.costs = costs
        self.turns = goal["turn"]
        self.table = voltage_table(self.turns, goal["play"])
        bonus = SECOND_PLAYER_BONUS if goal["play"] == "second" else 0
        budgets = [row["budget"] for row in self.table]
        self.usable = [
            schedulable(costs, budgets[:turn], bonus) for turn in range(1, self.turns + 1)
        ]

    def exact(self) -> dict[str, Any]:
        dealt = stats.multivariate_at_least(
            sum(self.counts), self.counts[:-1], self.dealt, [1] * (len(self.counts) - 1)
        )
        return {"dealt": dealt, "by_turn": [dealt * usable for usable in self.usable]}

    def _count(self, tally: Tally, dealt: np.ndarray) -> None:
        tally.count("dealt", dealt)
        for turn, usable in enumerate(self.usable, start=1):
            tally.count(f"by_turn:{turn}", dealt & usable)
        tally.counts["hit"] = tally.counts[f"by_turn:{self.turns}"]

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for games in batches(trials):
            kinds = deal_kinds(rng, self.counts, self.dealt, games)
            dealt = np.ones(games, dtype=bool)
            for kind in range(len(self.counts) - 1):
                dealt &= (kinds == kind).any(axis=0)
            self._count(tally, dealt)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        pool = [kind for kind, n in enumerate(self.counts) for _ in range(n)]
        chosen = range(len(self.counts) - 1)
        results = []
        for _ in range(trials):
            rng.shuffle(pool)
            dealt = pool[: self.dealt]
            results.append(all(kind in dealt for kind in chosen))
        self._count(tally, np.asarray(results, dtype=bool))
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        first = next((turn for turn, ok in enumerate(self.usable, start=1) if ok), None)
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["by_turn"][-1], 6),
            "all_dealt": {**tally.proportion("dealt"), "exact": round(exact["dealt"], 6)},
            "costs": self.costs,
            "first_usable_turn": first,
            "by_turn": [
                {**row, **tally.proportion(f"by_turn:{row['turn']}"), "exact": round(p, 6)}
                for row, p in zip(self.table, exact["by_turn"], strict=True)
            ],
        }


def prepare_voltage(context: Context, goal: dict[str, Any]) -> VoltageGoal:
    chosen = context.resolve(goal["cards"], "pool")
    if len(chosen) > HAND:
        raise GoalError(
            gettext_noop("%(count)d cards do not fit in a hand of %(hand)d."),
            count=len(chosen),
            hand=HAND,
        )
    numbers = {entry.card.number for entry in chosen}
    cards = pool_cards(context)
    counts = [entry.count for entry in chosen]
    counts.append(sum(card.number not in numbers for card in cards))
    costs = [entry.card["cost"] or 0 for entry in chosen]
    return VoltageGoal(goal, counts, costs, dealt_count(context))


VOLTAGE = GoalType(
    name="voltage",
    label=gettext_noop("Voltage budget by turn"),
    description=(
        gettext_noop(
            "Voltage +1 a turn (at 9: life −1 instead), the turn's cost budget is the voltage; "
            "P(these cards are all dealt and each can be used once by turn t within the budgets), "
            "with the voltage, budget and life of every turn."
        )
    ),
    fields=(cards_field(), turn_field(default=3, maximum=20), PLAY_FIELD),
    prepare=prepare_voltage,
    needs=(
        Need(
            fact="cost",
            label=gettext_noop("cost"),
            stand_in=gettext_noop("counted as 0"),
            known=lambda card: card["cost"] is not None,
            cards=lambda context, goal: context.resolve(goal["cards"], "pool"),
            refuse=False,
        ),
    ),
)

#: Words for the figures results report beside the probability (`goldfish.measure_labels`).
MEASURES = {
    "score": gettext_noop("Score (mean)"),
    "all_dealt": gettext_noop("All of them dealt"),
}

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DEALT_GOAL, BEST_HAND, VOLTAGE)}

#: What `GAME.goldfish` offers the simulator.
SIMULATION = Simulation(goal_types=GOAL_TYPES, measures=MEASURES)
