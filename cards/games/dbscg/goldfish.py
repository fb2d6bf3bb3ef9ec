"""Dragon Ball Super Card Game goldfish goals (RULES.md §2.3, CONTRACT §5).

Setup: shuffle the main deck, draw 6, one mulligan (return any number, shuffle, draw as many), then
8 cards from the deck top face down as life. Each turn's charge phase draws 1 (not the first
player's first turn) and may charge 1 card from hand to energy.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cached_property
from math import comb
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Card, Entry
from cards.games.game import Simulation
from cards.games.goldfish import (
    DRAWN_FIELDS,
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
    card_flags,
    cards_field,
    draws_on_turn,
    named,
    runs_out,
    schedule,
    turn_field,
)
from cards.games.messages import gettext_noop, shown_value
from cards.games.needs import Need
from cards.games.sim import BATCH, Urn, batches, deal, deal_kinds
from cards.games.text import whole_number

from .energy import TARGET as CHOSEN
from .energy import Cost, Curve, Energies, Kinds

OPENING_HAND = 6
LIFE = 8


def deal_schedule(turns: int, play: str) -> list[Segment]:
    """The hand of 6, the 8 life cards face down, then the charge phase's draws (no mulligan)."""
    setup = [Segment(0, OPENING_HAND, True), Segment(0, LIFE, False)]
    return schedule(setup, lambda turn: draws_on_turn(turn, play), turns)


# --- drawn (CONTRACT §5) -----------------------------------------------------------------------


def prepare_drawn(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    cards = named(context, goal["cards"], "main")
    return DrawnGoal(goal, cards, goal["at_least"], deal_schedule(goal["turn"], goal["play"]))


DRAWN = GoalType(
    name="drawn",
    label=gettext_noop("Cards drawn by turn"),
    description=(
        gettext_noop(
            "P(at least k of these cards are drawn into hand by the end of the charge phase's draw "
            "on own turn t); opening hand included, life not, no mulligan."
        )
    ),
    fields=DRAWN_FIELDS,
    prepare=prepare_drawn,
)


# --- dragon_balls --------------------------------------------------------------------------------

DRAGON_BALL = "Dragon Ball"


def is_dragon_ball(card: Card) -> bool:
    return any(keyword.casefold() == DRAGON_BALL.casefold() for keyword in card["keywords"] or ())


def prepare_dragon_balls(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    cards = card_flags(context, "main", lambda entry: is_dragon_ball(entry.card))
    if not any(cards):
        raise GoalError(gettext_noop("The main deck holds no [Dragon Ball] card."))
    return DrawnGoal(goal, cards, goal["count"], deal_schedule(goal["turn"], goal["play"]))


DRAGON_BALLS = GoalType(
    name="dragon_balls",
    label=gettext_noop("[Dragon Ball] cards drawn"),
    description=(
        gettext_noop(
            "The turn by which N [Dragon Ball] cards have been drawn: P(at least N drawn) for every "
            "turn up to t (7 in the drop area enable the leader's Wish)."
        )
    ),
    fields=(
        Field("count", gettext_noop("[Dragon Ball] cards"), "int", default=7, minimum=1, maximum=7),
        turn_field(default=20, maximum=40),
        PLAY_FIELD,
    ),
    prepare=prepare_dragon_balls,
    offered=lambda deck: any(is_dragon_ball(entry.card) for entry in deck.entries("main")),
)


# --- mulligan ------------------------------------------------------------------------------------

#: Card kinds of the mulligan goal: a target, a card the keep rule returns, any other card.
TARGET, RETURNED, OTHER = 0, 1, 2


#: The printed energy cost of each main-deck card (the mulligan and energy goals read it).
ENERGY_COST = Need(
    fact="energy_cost",
    label=gettext_noop("energy cost"),
    stand_in=gettext_noop("counted as 0"),
    known=lambda card: card["energy_cost"] is not None,
)


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
            raise runs_out(self.size, goal["turn"])

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
    label=gettext_noop("Mulligan keep rule"),
    description=(
        gettext_noop(
            "Return every card costing N or more (target cards are always kept), shuffle, draw as "
            "many; P(at least k targets drawn by turn t), how often the mulligan fires and how many "
            "cards it returns, beside the no-mulligan answer."
        )
    ),
    fields=(
        cards_field(),
        at_least_field(default=1),
        turn_field(default=1),
        PLAY_FIELD,
        Field(
            "return_cost_at_least",
            gettext_noop("Return cards costing at least"),
            "int",
            default=4,
            minimum=0,
            maximum=20,
        ),
    ),
    prepare=prepare_mulligan,
    needs=(ENERGY_COST,),
)


# --- energy_curve --------------------------------------------------------------------------------


class EnergyCurveGoal(Goal):
    """P(the energy pays a chosen card's cost on turn t, and the card is in hand), by turn.

    One charge a turn by `Kinds.charge`; no mulligan. Exact: dynamic programming over the counts
    per kind in hand and in energy after each draw and charge, lumped once only fewer of them
    matter (`Curve`).
    """

    proportions = ("hit", "can_pay")

    def __init__(self, goal: dict[str, Any], kinds: Kinds, counts: list[int]):
        self.goal = goal
        self.kinds = kinds
        self.counts = counts
        self.size = sum(counts)
        self.turns = goal["turn"]
        self.draws = [draws_on_turn(t, goal["play"]) for t in range(1, self.turns + 1)]
        if OPENING_HAND + LIFE + sum(self.draws) > self.size:
            raise runs_out(self.size, self.turns)

    def exact(self) -> dict[str, Any]:
        hit, can_pay = Curve(self.kinds, self.counts).run(OPENING_HAND, self.draws)
        return {"hit": hit, "can_pay": can_pay}

    def _tally(self, tally: Tally, turn: int, pays: Any, in_hand: Any) -> None:
        tally.count(f"can_pay:{turn}", pays)
        tally.count(f"hit:{turn}", pays & in_hand)

    def _finish(self, tally: Tally) -> Tally:
        tally.counts["hit"] = tally.counts.get(f"hit:{self.turns}", 0)
        tally.counts["can_pay"] = tally.counts.get(f"can_pay:{self.turns}", 0)
        return tally

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        """Deals only the hand and the draws: the life cards are unseen, so each draw is uniform
        over the cards not in hand or energy."""
        tally = Tally(games=trials)
        kinds = np.arange(len(self.counts), dtype=np.int8)[:, None]
        # Its rows are int8 and int16, so four times the usual batch still fits the cache, and
        # numpy's per-call cost, most of this engine's time, is shared by four times the games.
        for games in batches(trials, 4 * BATCH):
            unseen = Urn(rng, self.counts, games)
            hand = np.zeros((len(self.counts), games), dtype=np.int8)  # small rows scan quicker
            for _ in range(OPENING_HAND):  # card by card: quicker than `deal_counts` and a take
                hand += kinds == unseen.draw()
            energy = Energies(self.kinds, games)
            for turn, draws in enumerate(self.draws, start=1):
                for _ in range(draws):
                    hand += kinds == unseen.draw()
                charged = kinds == energy.charges(hand)
                hand -= charged
                energy.add(charged)
                self._tally(tally, turn, energy.pays(), hand[CHOSEN] > 0)
        return self._finish(tally)

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        deck = [kind for kind, n in enumerate(self.counts) for _ in range(n)]
        for _ in range(trials):
            library = list(deck)
            rng.shuffle(library)
            hand = deal(library, OPENING_HAND)
            deal(library, LIFE)
            energy: list[int] = []
            for turn, draws in enumerate(self.draws, start=1):
                hand += deal(library, draws)
                held = tuple(hand.count(kind) for kind in range(self.kinds.count))
                charged = tuple(energy.count(kind) for kind in range(self.kinds.count))
                kind = self.kinds.charge(held, charged)
                if kind is not None:
                    hand.remove(kind)
                    energy.append(kind)
                charged = tuple(energy.count(kind) for kind in range(self.kinds.count))
                self._tally(tally, turn, self.kinds.payable(charged), CHOSEN in hand)
        return self._finish(tally)

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["hit"][-1], 6),
            "can_pay": {**tally.proportion("can_pay"), "exact": round(exact["can_pay"][-1], 6)},
            "cost": {"energy": self.kinds.cost.energy, "specified": dict(self.kinds.cost.needs)},
            "by_turn": [
                {
                    "turn": turn,
                    **tally.proportion(f"hit:{turn}"),
                    "exact": round(exact["hit"][turn - 1], 6),
                    "can_pay": {
                        **tally.proportion(f"can_pay:{turn}"),
                        "exact": round(exact["can_pay"][turn - 1], 6),
                    },
                }
                for turn in range(1, self.turns + 1)
            ],
        }


def chosen_card(context: Context, goal: Mapping[str, Any]) -> list[Entry]:
    """The entries the goal's `card` names; with none named, the most-copied main-deck card whose
    cost is known (the first by number among equals), so the goal runs as the form offers it."""
    if goal["card"].strip():
        return context.resolve([goal["card"]], "main")
    costed = [e for e in context.deck.entries("main") if ENERGY_COST.known(e.card)]
    return sorted(costed, key=lambda e: (-e.count, e.card.number))[:1]


def prepare_energy_curve(context: Context, goal: dict[str, Any]) -> EnergyCurveGoal:
    chosen = chosen_card(context, goal)
    if not chosen:
        raise GoalError(gettext_noop("The main deck holds no card whose energy cost is known."))
    if len(chosen) != 1:
        numbers = ", ".join(entry.card.number for entry in chosen)
        raise GoalError(
            gettext_noop("%(card)s names several cards (%(numbers)s); give its number."),
            card=shown_value(goal["card"]),
            numbers=numbers,
        )
    [target] = chosen
    cost = Cost.of(target.card["energy_cost"], target.card["specified_cost"])
    others = [e for e in context.deck.entries("main") if e.card.number != target.card.number]
    kinds = Kinds.of(cost, [e.card["colors"] or () for e in others])
    counts = [0] * kinds.count
    counts[CHOSEN] = target.count
    for entry in others:
        counts[kinds.kind(entry.card["colors"] or ())] += entry.count
    return EnergyCurveGoal(goal, kinds, counts)


ENERGY_CURVE = GoalType(
    name="energy_curve",
    label=gettext_noop("Energy on curve"),
    description=(
        gettext_noop(
            "One charge a turn (a card of a still-unmatched specified colour first, then a card of no "
            "needed colour): P(the card is in hand and its energy cost, specified colours included, "
            "can be paid on turn t), by turn, and P(the energy alone can pay it)."
        )
    ),
    fields=(
        Field(
            "card",
            gettext_noop("Card (number or name)"),
            "text",
            default="",
            help=gettext_noop("Empty: the card with the most copies."),
        ),
        turn_field(default=4, maximum=20),
        PLAY_FIELD,
    ),
    prepare=prepare_energy_curve,
    needs=(
        Need(
            fact="energy_cost",
            label=gettext_noop("energy cost"),
            stand_in=gettext_noop("counted as 0"),
            known=ENERGY_COST.known,
            cards=chosen_card,
        ),
        Need(
            fact="colors",
            label=gettext_noop("colour"),
            stand_in=gettext_noop("counted as a card of no needed colour"),
            known=lambda card: bool(card["colors"]),
            refuse=False,
        ),
    ),
)

# --- deck_out ------------------------------------------------------------------------------------


#: Own turns "played" when life never reaches 0 before the deck runs out.
NEVER = 10**6


class DeckOutGoal(Goal):
    """How many own turns the game lasts when the deck runs out or life reaches 0, whichever first.

    Each own turn's charge phase draws 1 (not on the first player's turn 1) plus `extra_draws`;
    the deck reaching 0 loses at once. Each opponent turn (after own turn t when first, before it
    when second) takes k life cards with the declared weights; 0 life loses. Life cards go to
    the hand, never from the deck, so the deck-out turn is fixed and the rest is a DP over life.
    """

    proportions = ("hit",)

    def __init__(self, goal: dict[str, Any], size: int, taken: dict[int, float]):
        self.goal = goal
        self.taken = taken
        self.first = goal["play"] == "first"
        deck = size - OPENING_HAND - LIFE
        if deck <= 0:
            raise GoalError(
                gettext_noop("A %(size)d-card deck holds no card after the hand and life."),
                size=size,
            )
        drawn, turn = 0, 0
        while drawn < deck:
            turn += 1
            drawn += draws_on_turn(turn, goal["play"]) + goal["extra_draws"]
        self.deck_out = turn

    def _life_lost_before(self, turn: int) -> int:
        """Opponent turns that come before the end of own turn `turn`."""
        return turn - 1 if self.first else turn

    def endings(self) -> tuple[dict[int, float], float]:
        """The DP over life: P(life reaches 0 after each number of own turns), P(it never does
        before the deck runs out)."""
        alive = {LIFE: 1.0}
        ended: dict[int, float] = {}  # own turns played -> P(the game ends by life 0 then)
        for opponent_turn in range(1, self.deck_out + 1):
            if opponent_turn > self._life_lost_before(self.deck_out):
                break
            nxt: dict[int, float] = {}
            for life, p in alive.items():
                for k, w in self.taken.items():
                    if life - k <= 0:
                        turns = opponent_turn if self.first else opponent_turn - 1
                        ended[turns] = ended.get(turns, 0.0) + p * w
                    else:
                        nxt[life - k] = nxt.get(life - k, 0.0) + p * w
            alive = nxt
        return ended, sum(alive.values(), 0.0)

    def exact(self) -> dict[str, Any]:
        ended, by_deck = self.endings()
        mean = by_deck * self.deck_out + sum(t * p for t, p in ended.items())
        return {"hit": by_deck, "turns": mean, "deck_out_turn": self.deck_out}

    def _count(self, tally: Tally, life_turns: np.ndarray) -> None:
        """`life_turns`: own turns played when life reaches 0 (`NEVER` if it does not)."""
        tally.count("hit", life_turns >= self.deck_out)
        tally.observe("turns", np.minimum(life_turns, self.deck_out))

    @cached_property
    def _endings_table(self) -> tuple[np.ndarray, np.ndarray]:
        """`endings` as the values of a game's ending and their cumulative probabilities."""
        ended, by_deck = self.endings()
        return np.array([*ended, NEVER], dtype=np.int64), np.cumsum([*ended.values(), by_deck])

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        """Each game's ending drawn from its exact distribution (`endings`): life only goes
        down by independent draws, so a game is one draw of when its life reaches 0."""
        tally = Tally(games=trials)
        when, cumulative = self._endings_table
        for games in batches(trials):
            index = np.searchsorted(cumulative, rng.random(games) * cumulative[-1], side="right")
            self._count(tally, when[np.minimum(index, when.size - 1)])
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        amounts, weights = list(self.taken), list(self.taken.values())
        results = []
        for _ in range(trials):
            life, turns = LIFE, 0
            for turn in range(1, self.deck_out + 1):
                if not self.first:  # the opponent's turn comes first
                    life -= rng.choices(amounts, weights)[0]
                    if life <= 0:
                        break
                turns = turn  # own turn: the charge phase's draw; the last one empties the deck
                if turn == self.deck_out:
                    break
                if self.first:
                    life -= rng.choices(amounts, weights)[0]
                    if life <= 0:
                        break
            results.append(turns if life <= 0 else NEVER)
        self._count(tally, np.asarray(results, dtype=np.int64))
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["hit"], 6),
            "own_turns": {**tally.mean("turns"), "exact": round(exact["turns"], 6)},
            "deck_out_turn": exact["deck_out_turn"],
        }


def prepare_deck_out(context: Context, goal: dict[str, Any]) -> DeckOutGoal:
    taken: dict[int, float] = {}
    for key, weight in goal["life_taken"].items():
        cards = whole_number(str(key))
        if (
            cards is None
            or cards > LIFE
            or isinstance(weight, bool)
            or not isinstance(weight, (int, float))
            or not weight >= 0
        ):
            raise GoalError(
                gettext_noop(
                    "%(field)s: %(key)s must be a number of life cards from 0 to %(life)d, "
                    "with a weight of 0 or more."
                ),
                field=DECK_OUT.field("life_taken").shown,
                key=shown_value(key),
                life=LIFE,
            )
        taken[cards] = taken.get(cards, 0.0) + weight
    total = sum(taken.values())
    if total <= 0:
        raise GoalError(
            gettext_noop("%(field)s needs a positive weight."),
            field=DECK_OUT.field("life_taken").shown,
        )
    normalised = {k: w / total for k, w in sorted(taken.items()) if w > 0}
    return DeckOutGoal(goal, context.deck.size("main"), normalised)


DECK_OUT = GoalType(
    name="deck_out",
    label=gettext_noop("Turns until deck-out, with life taken"),
    description=(
        gettext_noop(
            "Life cards taken on each opponent turn (weights per number), draws per turn: P(the deck "
            "runs out before life reaches 0) and how many own turns the game lasts."
        )
    ),
    fields=(
        PLAY_FIELD,
        Field(
            "life_taken",
            gettext_noop("Life cards taken per opponent turn"),
            "mapping",
            default={"1": 1},
            help=gettext_noop(
                "One row per number of life cards taken, with its weight: rows 0 → 1, 1 → 2, "
                "2 → 1 take one card half the time."
            ),
        ),
        Field(
            "extra_draws",
            gettext_noop("Extra draws per turn"),
            "int",
            default=0,
            minimum=0,
            maximum=10,
        ),
    ),
    prepare=prepare_deck_out,
)


#: Words for the figures results report beside the probability (`goldfish.measure_labels`).
MEASURES = {
    "mulligan_fires": gettext_noop("Mulligan fires"),
    "cards_returned": gettext_noop("Cards returned (mean)"),
    "can_pay": gettext_noop("Can pay the cost"),
    "own_turns": gettext_noop("Own turns (mean)"),
}

GOAL_TYPES: dict[str, GoalType] = {
    goal.name: goal for goal in (DRAWN, DRAGON_BALLS, MULLIGAN, ENERGY_CURVE, DECK_OUT)
}

#: What `GAME.goldfish` offers the simulator.
SIMULATION = Simulation(goal_types=GOAL_TYPES, measures=MEASURES)
