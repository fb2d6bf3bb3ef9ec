"""Gundam War goldfish goals (RULES.md §3.3, CONTRACT §5).

Setup: shuffle the 50-card main deck and draw 6; mulligan A (a hand with no G may be shown and
redrawn to 6, once, only first) and mulligan B (shuffle back and draw 5, then 4, then 3). The first
player does not draw on turn 1; every other turn draws 1. One G is played per turn.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Card
from cards.games.game import Simulation
from cards.games.goldfish import (
    DRAWN_FIELDS,
    NO_MULLIGAN,
    PLAY_FIELD,
    Context,
    DrawnGoal,
    Field,
    Goal,
    GoalError,
    GoalType,
    Segment,
    Tally,
    draws_on_turn,
    named,
    runs_out,
    schedule,
    turn_field,
)
from cards.games.messages import gettext_noop
from cards.games.needs import Need
from cards.games.sim import batches, deal, deal_kinds

from .schema import COLORS

OPENING_HAND = 6


def prepare_drawn(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    setup = [Segment(0, OPENING_HAND, True)]
    segments = schedule(setup, lambda turn: draws_on_turn(turn, goal["play"]), goal["turn"])
    return DrawnGoal(goal, named(context, goal["cards"], "main"), goal["at_least"], segments)


DRAWN = GoalType(
    name="drawn",
    label=gettext_noop("Cards drawn by turn"),
    description=(
        gettext_noop(
            "P(at least k of these cards are in the cards drawn by the end of the draw step of own "
            "turn t); opening hand included, no mulligan."
        )
    ),
    fields=DRAWN_FIELDS,
    prepare=prepare_drawn,
)


def is_g(card: Card) -> bool:
    return card.type == "G"


def holding_g(context: Context) -> None:
    """Refuse a goal about G for a deck that holds none: the card data may lack its G (basic G
    are not shipped), and every answer would be that of a deck without G."""
    if not any(is_g(entry.card) for entry in context.deck.entries("main")):
        raise GoalError(
            gettext_noop(
                "The main deck holds no G card, so this goal would answer for a deck without G: "
                "add its G (the card data may not have them yet; propose them) and run again."
            )
        )


#: The colour of each G, read when the goal asks for G of one colour.
G_COLOUR = Need(
    fact="color",
    label=gettext_noop("colour"),
    stand_in=gettext_noop("counted as a G of another colour"),
    known=lambda card: bool(card["color"]),
    cards=lambda context, goal: [e for e in context.deck.entries("main") if is_g(e.card)],
    when=lambda goal: goal["color"] != "any",
)


# --- mulligan ------------------------------------------------------------------------------------

#: Hand sizes of mulligan B: 5, then 4, then 3 (at most 3 times).
MULLIGAN_B_HANDS = (5, 4, 3)


class MulliganGoal(Goal):
    """Mulligan A (no G: redraw 6, once, first) and B (fewer than b G: redraw 5, 4, 3).

    Every mulligan shuffles the hand back, so each redraw is a fresh hypergeometric draw from the
    whole deck: the exact answer is a small sum over the G count after each step.
    """

    def __init__(self, goal: dict[str, Any], size: int, gs: int):
        self.goal = goal
        self.size = size
        self.gs = gs
        self.use_a = "A" in goal["policy"]
        self.use_b = "B" in goal["policy"]
        self.b_below = goal["b_below"]
        self.at_least = goal["at_least"]

    def _wants_b(self, g: int, used: int) -> bool:
        return self.use_b and used < len(MULLIGAN_B_HANDS) and g < self.b_below

    def exact(self) -> dict[str, float]:
        def hand(n: int) -> list[tuple[int, float]]:
            return [
                (g, comb(self.gs, g) * comb(self.size - self.gs, n - g) / comb(self.size, n))
                for g in range(min(self.gs, n) + 1)
                if n - g <= self.size - self.gs
            ]

        fires_a = fires_b = hit = b_count = 0.0
        # states: (G in hand, mulligan B used, probability)
        states = []
        for g, p in hand(OPENING_HAND):
            if self.use_a and g == 0:
                fires_a += p
                states += [(g2, 0, p * q) for g2, q in hand(OPENING_HAND)]
            else:
                states.append((g, 0, p))
        while states:
            g, used, p = states.pop()
            if self._wants_b(g, used):
                fires_b += p * (used == 0)
                b_count += p
                states += [(g2, used + 1, p * q) for g2, q in hand(MULLIGAN_B_HANDS[used])]
            else:
                hit += p * (g >= self.at_least)
        return {"hit": hit, "fires_a": fires_a, "fires_b": fires_b, "b_count": b_count}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        others = self.size - self.gs
        for games in batches(trials):
            # Each (re)draw comes from the whole shuffled deck; only its number of G matters.
            g = rng.hypergeometric(self.gs, others, OPENING_HAND, games)
            fires_a = np.zeros(games, dtype=bool)
            if self.use_a:
                fires_a = g == 0
                g = np.where(fires_a, rng.hypergeometric(self.gs, others, OPENING_HAND, games), g)
            used = np.zeros(games, dtype=np.int64)
            for size in MULLIGAN_B_HANDS:
                again = (g < self.b_below) if self.use_b else np.zeros(games, dtype=bool)
                used += again
                g = np.where(again, rng.hypergeometric(self.gs, others, size, games), g)
            tally.count("hit", g >= self.at_least)
            tally.count("fires_a", fires_a)
            tally.count("fires_b", used > 0)
            tally.observe("b_count", used)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        deck = [True] * self.gs + [False] * (self.size - self.gs)
        tally = Tally(games=trials)
        for _ in range(trials):
            library = list(deck)
            rng.shuffle(library)
            hand = library[:OPENING_HAND]
            fired_a = self.use_a and not any(hand)
            if fired_a:  # show the hand, shuffle it back, draw 6 again
                rng.shuffle(library)
                hand = library[:OPENING_HAND]
            used = 0
            while self._wants_b(sum(hand), used):
                rng.shuffle(library)  # the hand goes back into the deck
                hand = library[: MULLIGAN_B_HANDS[used]]
                used += 1
            tally.count("hit", sum(hand) >= self.at_least)
            tally.count("fires_a", fired_a)
            tally.count("fires_b", used > 0)
            tally.observe("b_count", [used])
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["hit"], 6),
            "mulligan_a_fires": {
                **tally.proportion("fires_a"),
                "exact": round(exact["fires_a"], 6),
            },
            "mulligan_b_fires": {
                **tally.proportion("fires_b"),
                "exact": round(exact["fires_b"], 6),
            },
            "mulligan_b_count": {**tally.mean("b_count"), "exact": round(exact["b_count"], 6)},
        }

    def half_width(self, tally: Tally) -> float:
        return max(
            stats.wilson_half_width(tally.counts.get(key, 0), tally.games)
            for key in ("hit", "fires_a", "fires_b")
        )


def prepare_mulligan(context: Context, goal: dict[str, Any]) -> MulliganGoal:
    main = list(context.deck.entries("main"))
    size = sum(entry.count for entry in main)
    holding_g(context)
    if size < OPENING_HAND:
        raise GoalError(
            gettext_noop("A %(size)d-card deck cannot draw an opening hand of %(hand)d."),
            size=size,
            hand=OPENING_HAND,
        )
    return MulliganGoal(goal, size, sum(entry.count for entry in main if is_g(entry.card)))


MULLIGAN = GoalType(
    name="mulligan",
    label=gettext_noop("Mulligan A and B"),
    description=(
        gettext_noop(
            "Mulligan A redraws a hand with no G (once, first); mulligan B redraws 5, 4, then 3 while "
            "the hand holds fewer than b G. P(the kept hand holds at least k G) and how often each fires."
        )
    ),
    fields=(
        Field(
            "policy",
            gettext_noop("Mulligans used"),
            "choice",
            default="A+B",
            choices=("none", "A", "B", "A+B"),
            choice_labels=NO_MULLIGAN,
        ),
        Field(
            "b_below",
            gettext_noop("Mulligan B while fewer G than"),
            "int",
            default=2,
            minimum=1,
            maximum=6,
        ),
        Field(
            "at_least",
            gettext_noop("G in the kept hand, at least"),
            "int",
            default=2,
            minimum=0,
            maximum=6,
        ),
    ),
    prepare=prepare_mulligan,
)


# --- g_in_play -----------------------------------------------------------------------------------

#: Kinds of the G goal: a G of the asked colour, another G, any other card.
G_COLOR, G_OTHER, NOT_G = 0, 1, 2


def play_g(hand_c, hand_o, played_c, need_c):
    """One G a turn: the asked colour while more of it is needed, else another G first.

    Works on ints and on numpy arrays alike; returns (colour played, other played).
    """
    want_c = played_c < need_c
    colour = (hand_c > 0) & (want_c | (hand_o == 0))
    other = (colour == 0) & (hand_o > 0)
    return colour, other


class GInPlayGoal(Goal):
    """G in play by turn t at one G a turn, optionally at least m of one colour (no mulligan).

    Exact: dynamic programming over (G of the colour in hand, other G in hand, G of the colour in
    play, other G in play) after each draw; the play policy depends only on these counts.
    """

    def __init__(self, goal: dict[str, Any], counts: list[int]):
        self.goal = goal
        self.counts = counts
        self.size = sum(counts)
        self.turns = goal["turn"]
        self.need = goal["at_least"]
        self.need_c = goal["color_at_least"]
        self.draws = [draws_on_turn(t, goal["play"]) for t in range(1, self.turns + 1)]
        if OPENING_HAND + sum(self.draws) > self.size:
            raise runs_out(self.size, self.turns)

    def _met(self, played_c, played_o):
        return (played_c + played_o >= self.need) & (played_c >= self.need_c)

    def exact(self) -> dict[str, Any]:
        c, o, x = self.counts
        states: dict[tuple[int, int, int, int], float] = {}
        for hc in range(min(c, OPENING_HAND) + 1):
            for ho in range(min(o, OPENING_HAND - hc) + 1):
                hx = OPENING_HAND - hc - ho
                if hx <= x:
                    p = comb(c, hc) * comb(o, ho) * comb(x, hx) / comb(self.size, OPENING_HAND)
                    states[(hc, ho, 0, 0)] = p
        seen = OPENING_HAND
        by_turn, mean = [], 0.0
        for draws in self.draws:
            for _ in range(draws):
                nxt: dict[tuple[int, int, int, int], float] = {}
                left = self.size - seen
                for (hc, ho, pc, po), p in states.items():
                    dc = c - hc - pc
                    do = o - ho - po
                    for kind, n in ((0, dc), (1, do), (2, left - dc - do)):
                        if n:
                            key = (hc + (kind == 0), ho + (kind == 1), pc, po)
                            nxt[key] = nxt.get(key, 0.0) + p * n / left
                states = nxt
                seen += 1
            played: dict[tuple[int, int, int, int], float] = {}
            for (hc, ho, pc, po), p in states.items():
                colour, other = play_g(hc, ho, pc, self.need_c)
                key = (hc - colour, ho - other, pc + colour, po + other)
                played[key] = played.get(key, 0.0) + p
            states = played
            by_turn.append(sum(p for (_, _, pc, po), p in states.items() if self._met(pc, po)))
        mean = sum(p * (pc + po) for (_, _, pc, po), p in states.items())
        return {"probability": by_turn[-1], "by_turn": by_turn, "mean": mean}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for games in batches(trials):
            kinds = deal_kinds(rng, self.counts, OPENING_HAND + sum(self.draws), games)
            hand_c = (kinds[:OPENING_HAND] == G_COLOR).sum(axis=0)
            hand_o = (kinds[:OPENING_HAND] == G_OTHER).sum(axis=0)
            played_c = np.zeros(games, dtype=np.int64)
            played_o = np.zeros(games, dtype=np.int64)
            position = OPENING_HAND
            for turn, draws in enumerate(self.draws, start=1):
                new = kinds[position : position + draws]
                hand_c += (new == G_COLOR).sum(axis=0)
                hand_o += (new == G_OTHER).sum(axis=0)
                position += draws
                colour, other = play_g(hand_c, hand_o, played_c, self.need_c)
                hand_c -= colour
                hand_o -= other
                played_c += colour
                played_o += other
                tally.count(f"by_turn:{turn}", self._met(played_c, played_o))
            tally.observe("in_play", played_c + played_o)
        tally.counts["hit"] = tally.counts[f"by_turn:{self.turns}"]
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        deck = [kind for kind, n in enumerate(self.counts) for _ in range(n)]
        tally = Tally(games=trials)
        for _ in range(trials):
            library = list(deck)
            rng.shuffle(library)
            hand = deal(library, OPENING_HAND)
            in_play: list[int] = []
            for turn in range(1, self.turns + 1):
                hand += deal(library, draws_on_turn(turn, self.goal["play"]))
                colour, other = play_g(
                    hand.count(G_COLOR) > 0,
                    hand.count(G_OTHER) > 0,
                    in_play.count(G_COLOR),
                    self.need_c,
                )
                if colour or other:
                    g = G_COLOR if colour else G_OTHER
                    hand.remove(g)
                    in_play.append(g)
                tally.count(
                    f"by_turn:{turn}", self._met(in_play.count(G_COLOR), in_play.count(G_OTHER))
                )
            tally.observe("in_play", [len(in_play)])
        tally.counts["hit"] = tally.counts[f"by_turn:{self.turns}"]
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["probability"], 6),
            "g_in_play": {**tally.mean("in_play"), "exact": round(exact["mean"], 6)},
            "by_turn": [
                {"turn": turn, **tally.proportion(f"by_turn:{turn}"), "exact": round(value, 6)}
                for turn, value in enumerate(exact["by_turn"], start=1)
            ],
        }


def prepare_g_in_play(context: Context, goal: dict[str, Any]) -> GInPlayGoal:
    holding_g(context)
    color = goal["color"]
    if goal["color_at_least"] and color == "any":
        raise GoalError(
            gettext_noop("Name a colour for %(field)s."),
            field=G_IN_PLAY.field("color_at_least").shown,
        )
    if goal["color_at_least"] > goal["at_least"]:
        raise GoalError(
            gettext_noop("%(field)s cannot exceed %(limit)s."),
            field=G_IN_PLAY.field("color_at_least").shown,
            limit=G_IN_PLAY.field("at_least").shown,
        )
    counts = [0, 0, 0]
    for entry in context.deck.entries("main"):
        if not is_g(entry.card):
            kind = NOT_G
        elif color != "any" and entry.card["color"] == color:
            kind = G_COLOR
        else:
            kind = G_OTHER
        counts[kind] += entry.count
    return GInPlayGoal(goal, counts)


G_IN_PLAY = GoalType(
    name="g_in_play",
    label=gettext_noop("G in play by turn"),
    description=(
        gettext_noop(
            "One G a turn from hand: P(at least n G in play by turn t, at least m of them of one "
            "colour), by turn, and the mean G in play (no mulligan)."
        )
    ),
    fields=(
        Field(
            "at_least", gettext_noop("G in play, at least"), "int", default=3, minimum=1, maximum=30
        ),
        turn_field(default=3),
        PLAY_FIELD,
        Field(
            "color",
            gettext_noop("Colour"),
            "choice",
            default="any",
            choices=("any", *COLORS),
            choice_labels={"any": gettext_noop("Any colour")},
        ),
        Field(
            "color_at_least",
            gettext_noop("Of that colour, at least"),
            "int",
            default=0,
            minimum=0,
            maximum=30,
        ),
    ),
    prepare=prepare_g_in_play,
    needs=(G_COLOUR,),
)

#: Words for the figures results report beside the probability (`goldfish.measure_labels`).
MEASURES = {
    "mulligan_a_fires": gettext_noop("Mulligan A fires"),
    "mulligan_b_fires": gettext_noop("Mulligan B fires"),
    "mulligan_b_count": gettext_noop("Mulligan B count (mean)"),
    "g_in_play": gettext_noop("G in play (mean)"),
}

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DRAWN, MULLIGAN, G_IN_PLAY)}

#: What `GAME.goldfish` offers the simulator.
SIMULATION = Simulation(goal_types=GOAL_TYPES, measures=MEASURES)
