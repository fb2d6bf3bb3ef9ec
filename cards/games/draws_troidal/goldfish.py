"""DRAWS◎TROIDAL goldfish goals: whole beta games against another deck (CONTRACT §5 `match`).

The goal's deck is player 0; the opponent's decklist is resolved against the same card pool. The
policies are described in `policy` and docs/goldfish.md; the engines in `engine` (the specification)
and `fast` (what runs).
"""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.game import Simulation
from cards.games.goldfish import Context, Field, Goal, GoalError, GoalType, Tally, opponent_deck
from cards.games.messages import gettext_noop, reason
from cards.games.sim import batches

from . import engine, fast
from .battle import Fighter, fighters
from .policy import POLICIES, make_policy

#: Games per numpy step of the fast engine (its arrays hold a few hundred bytes per game).
BATCH = 16_384
#: The `opponent_policy` that plays the opponent with the deck's own policy.
SAME = "same"


def _deck_cards(deck: Any, whose: str) -> tuple[Fighter, ...]:
    """The deck's fighters; `whose` (a msgid with `%(error)s`) says which deck cannot play."""
    try:
        return fighters(deck)
    except ValueError as error:
        raise GoalError(whose, error=reason(error)) from None


class MatchGoal(Goal):
    """Win, draw and loss rates of whole games, and their length in turns."""

    OUTCOMES = fast.RESULTS

    def __init__(self, goal: dict[str, Any], decks: tuple[tuple[Fighter, ...], ...]):
        self.goal = goal
        self.decks = decks
        opponent_policy = goal["opponent_policy"]
        self.policies = (
            goal["policy"],
            goal["policy"] if opponent_policy == SAME else opponent_policy,
        )

    @cached_property
    def duel(self) -> fast.Duel:
        return fast.Duel(self.decks, self.policies)

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for games in batches(trials, BATCH):
            outcomes = self.duel.play(rng, games)
            for code, name in enumerate(self.OUTCOMES):
                tally.count(name, outcomes.results == code)
            tally.observe("turns", outcomes.turns)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        sides = [
            make_policy(name, deck, rng)
            for name, deck in zip(self.policies, self.decks, strict=True)
        ]
        for _ in range(trials):
            ending = engine.play(sides, rng)
            tally.count(ending.result.value, 1)
            tally.observe("turns", [ending.turns])
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **{name: tally.proportion(name) for name in self.OUTCOMES},
            "turns": tally.mean("turns"),
            "exact": None,
        }

    def half_width(self, tally: Tally) -> float:
        return max(
            stats.wilson_half_width(tally.counts.get(name, 0), tally.games)
            for name in self.OUTCOMES
        )


def prepare_match(context: Context, goal: dict[str, Any]) -> MatchGoal:
    mine = _deck_cards(context.deck, gettext_noop("The deck: %(error)s"))
    if not goal["opponent"].strip():
        return MatchGoal(goal, (mine, mine))
    theirs = _deck_cards(
        opponent_deck(context, goal["opponent"]), gettext_noop("The opponent's deck: %(error)s")
    )
    return MatchGoal(goal, (mine, theirs))


#: `POLICIES` described for players, one text the site's catalogue can translate.
_POLICY_HELP = gettext_noop(
    "Random: uniform choices: no redo, random hand cards, a random arrangement of ≤ 2 swaps; "
    "Greedy: best score against the opponent's visible cards: redo weak set-ups, fill, swap"
)
#: The policies' words on the form and in run tables (the goal JSON keeps `random`, `greedy`).
_POLICY_LABELS = {"random": gettext_noop("Random"), "greedy": gettext_noop("Greedy")}

MATCH_GOAL = GoalType(
    name="match",
    label=gettext_noop("Match against another deck"),
    description=(
        gettext_noop(
            "P(win), P(draw) and P(loss) of whole beta games (RULES.md §5.2) against an opponent's "
            "deck, and the mean game length in turns."
        )
    ),
    fields=(
        Field(
            "opponent",
            gettext_noop("Opponent's decklist"),
            "text",
            default="",
            help=gettext_noop("Decklist text, as for a deck; empty: a copy of this deck."),
        ),
        Field(
            "policy",
            gettext_noop("Policy"),
            "choice",
            default="greedy",
            choices=tuple(POLICIES),
            choice_labels=_POLICY_LABELS,
            help=_POLICY_HELP,
        ),
        Field(
            "opponent_policy",
            gettext_noop("Opponent's policy"),
            "choice",
            default=SAME,
            choices=(SAME, *POLICIES),
            choice_labels={SAME: gettext_noop("Same as the deck's"), **_POLICY_LABELS},
        ),
    ),
    prepare=prepare_match,
    # Whole games of both decks: a chunk of one greedy match goal took ~1.6 s where a `drawn`
    # goal's took ~0.02 s (issue 25); 20 of them passed a chunk's 90 s hard limit (issue 22).
    cost=100,
)

#: Words for the figures results report beside the probability (`goldfish.measure_labels`).
MEASURES = {
    "win": gettext_noop("Games won"),
    "draw": gettext_noop("Games drawn"),
    "loss": gettext_noop("Games lost"),
    "turns": gettext_noop("Turns (mean)"),
}

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (MATCH_GOAL,)}

#: What `GAME.goldfish` offers the simulator.
SIMULATION = Simulation(goal_types=GOAL_TYPES, measures=MEASURES)
