"""Dreadnought goldfish goals (RULES.md §1.3, CONTRACT §5).

Setup: shuffle the 50-card main deck; each caster takes its HP cards (its `hp`, 3 when unknown) face
down from the deck top; 1 burst is placed face down from the deck top; draw 7. Each turn the top
card is turned up as the speed card (a public hand card, so it counts as drawn); then the first
player draws 1 and the second draws 2, and each sets 1 burst from hand.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

import numpy as np

from cards.games import stats
from cards.games.base import Deck
from cards.games.game import Simulation
from cards.games.goldfish import (
    DRAWN_FIELDS,
    PLAY_FIELD,
    PLAY_LABELS,
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
    opponent_deck,
    schedule,
    turn_field,
)
from cards.games.messages import gettext_noop, reason, shown_value
from cards.games.needs import Need
from cards.games.sim import batches, deal, deal_counts, hypergeometric

from .contest import (
    FIRST,
    LOST,
    OVER,
    SECOND,
    Contest,
    Player,
    Record,
    Speed,
)

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


#: The HP of each caster: how many cards setup puts face down.
HP = Need(
    fact="hp",
    label=gettext_noop("HP"),
    stand_in=gettext_noop("counted as 3 HP"),
    known=lambda card: card["hp"] is not None,
    zone="casters",
    refuse=False,
)
#: The SP of each main-deck card: the speed phase and its burns read it.
SP = Need(
    fact="speed",
    label=gettext_noop("SP (speed)"),
    stand_in=gettext_noop("counted as slower than C"),
    known=lambda card: bool(str(card["speed"] or "").strip()),
)


def prepare_drawn(context: Context, goal: dict[str, Any]) -> DrawnGoal:
    """HP cards and the opening burst face down, the hand of 7, then each turn's speed card and
    draws (no speed burns)."""
    setup = [
        Segment(0, hp_cards(context.deck), False),
        Segment(0, OPENING_BURSTS, False),
        Segment(0, OPENING_HAND, True),
    ]
    per_turn = SPEED_CARDS_PER_TURN + DRAWS[goal["play"]]
    segments = schedule(setup, lambda turn: per_turn, goal["turn"])
    return DrawnGoal(goal, named(context, goal["cards"], "main"), goal["at_least"], segments)


DRAWN = GoalType(
    name="drawn",
    label=gettext_noop("Cards drawn by turn"),
    description=(
        gettext_noop(
            "P(at least k of these cards are drawn by the end of the draw phase of own turn t): "
            "7 + 2t cards when first, 7 + 3t when second (speed cards included, no speed burns); "
            "HP cards and bursts are not drawn."
        )
    ),
    fields=DRAWN_FIELDS,
    prepare=prepare_drawn,
    needs=(HP,),
)


# --- the opponent of the speed phase ---------------------------------------------------------

#: HP cards of an opponent given as a speed mix: two casters of the typical HP.
MIX_HP = 2 * DEFAULT_HP


def speeds(deck: Deck) -> list[Speed]:
    """The SP of every main-deck card, one entry per copy."""
    out = []
    for entry in deck.entries("main"):
        try:
            speed = Speed.parse(entry.card["speed"])
        except ValueError as error:
            raise GoalError(
                gettext_noop("%(card)s: %(error)s"), card=entry.card.label, error=reason(error)
            ) from None
        out += [speed] * entry.count
    return out


def opponent_speeds(context: Context, goal: dict[str, Any]) -> tuple[list[Speed], int]:
    """The opponent's SP per card and HP cards: its decklist, a declared mix, or a mirror match."""
    if goal["opponent"] and goal["speed_mix"]:
        raise GoalError(gettext_noop("Give the opponent's decklist or a speed mix, not both."))
    if goal["speed_mix"]:
        mix = []
        for text, count in goal["speed_mix"].items():
            if count != int(count) or count < 0:
                raise GoalError(
                    gettext_noop("Speed mix: %(speed)s needs a whole number of cards."),
                    speed=shown_value(text),
                )
            try:
                mix += [Speed.parse(text)] * int(count)
            except ValueError as error:
                raise GoalError(gettext_noop("Speed mix: %(error)s"), error=reason(error)) from None
        return mix, MIX_HP
    if not goal["opponent"]:
        return speeds(context.deck), hp_cards(context.deck)
    deck = opponent_deck(context, goal["opponent"])
    return speeds(deck), hp_cards(deck)


def players(
    mine: list[Speed], hp: int, theirs: list[Speed], their_hp: int
) -> tuple[list[Speed], Player, Player]:
    """Both sides as counts per speed class (the classes of both decks, slow to fast)."""
    classes = sorted(set(mine) | set(theirs))
    index = {speed: i for i, speed in enumerate(classes)}

    def side(cards: list[Speed], hp_cards: int, too_small: str) -> Player:
        counts = [0] * len(classes)
        for speed in cards:
            counts[index[speed]] += 1
        player = Player(tuple(counts), hp_cards)
        if player.deck_cards < OPENING_HAND + 2:
            raise GoalError(too_small, size=player.size, hp=hp_cards, hand=OPENING_HAND)
        return player

    return (
        classes,
        side(
            mine,
            hp,
            gettext_noop(
                "The player's deck of %(size)d cards is too small for %(hp)d HP cards, "
                "the burst and a hand of %(hand)d."
            ),
        ),
        side(
            theirs,
            their_hp,
            gettext_noop(
                "The opponent's deck of %(size)d cards is too small for %(hp)d HP cards, "
                "the burst and a hand of %(hand)d."
            ),
        ),
    )


OPPONENT_FIELDS = (
    Field(
        "opponent",
        gettext_noop("Opponent's decklist"),
        "text",
        default="",
        help=gettext_noop("Decklist text; empty with no speed mix: a copy of this deck."),
    ),
    Field(
        "speed_mix",
        gettext_noop("Opponent's speed mix"),
        "mapping",
        default={},
        help=gettext_noop(
            "One row per speed (SP) with the opponent's cards of it: A → 10, B++ → 20, C → 20."
        ),
    ),
)


def tally_turns(record: Record, tally: Tally) -> None:
    """Per-turn counts of a contest: first, second, over, burns (shared by both engines)."""
    for turn in range(record.status.shape[0]):
        status, burns = record.status[turn], record.burns[turn]
        for key, value in ((f"first:{turn + 1}", FIRST), (f"second:{turn + 1}", SECOND)):
            tally.count(key, status == value)
        tally.count(f"over:{turn + 1}", status == OVER)
        tally.count(f"burn:{turn + 1}", burns > 0)
        tally.observe(f"burns:{turn + 1}", burns)


def play_contest(contest: Contest, rng: np.random.Generator, trials: int) -> list[Record]:
    return [contest.fast(rng, games) for games in batches(trials)]


def reference_contest(contest: Contest, rng: random.Random, trials: int) -> Record:
    return Record.join([contest.reference(rng) for _ in range(trials)])


# --- speed ---------------------------------------------------------------------------------------

#: Chains of speed burns less likely than this are left out of the exact answer; it is given only
#: when all they hold together is below `EXACT_TOLERANCE`.
PRUNE = 1e-18
EXACT_TOLERANCE = 1e-12


def burn_chain(me: Player, them: Player) -> dict[str, Any]:
    """One turn's speed phase with no gear change, exactly: P(first), P(second), burns.

    Each side's speed cards come from a uniform shuffle, and every card before them (hand, draws,
    earlier speed cards) is unseen by the contest, so on every turn the first pair is distributed
    as two cards drawn from the full decks (optional stopping of the urn's martingale); a burn
    removes one card of the same class from each. The chain's states are the classes burned so
    far; `tail[m]` is P(at least m burns).
    """
    states: dict[tuple[int, ...], float] = {tuple(0 for _ in me.counts): 1.0}
    first = second = mean = pruned = 0.0
    tail = [1.0]
    depth = 0
    # Past this many burns a side has no card left to turn up even on the first turn.
    limit = min(me.cards, them.cards) - OPENING_HAND
    while states:
        if depth >= limit:
            pruned += sum(states.values())
            break
        left_me, left_them = me.size - depth, them.size - depth
        nxt: dict[tuple[int, ...], float] = {}
        for burned, p in states.items():
            pair = p / left_me / left_them  # P(this state) × P(one given pair of cards)
            # Classes run slow to fast (`Player.counts`): each side's cards of slower classes.
            slower_mine = slower_theirs = 0
            for kind, burns in enumerate(burned):
                a, b = me.counts[kind] - burns, them.counts[kind] - burns
                first += pair * a * slower_theirs
                second += pair * b * slower_mine
                slower_mine += a
                slower_theirs += b
                same = pair * a * b
                if same > PRUNE:
                    key = (*burned[:kind], burns + 1, *burned[kind + 1 :])
                    nxt[key] = nxt.get(key, 0.0) + same
                else:
                    pruned += same
        depth += 1
        states = nxt
        reached = sum(states.values())
        mean += reached
        tail.append(reached)
    return {"first": first, "second": second, "mean": mean, "tail": tail, "pruned": pruned}


class SpeedGoal(Goal):
    """The speed phase of every turn up to t against an opponent: who is first, speed burns.

    Exact without gear changes (see `burn_chain`): the same on every turn while both sides have
    cards left. A side can run out only after very many speed burns; where any simulated game
    did by turn t, that turn's `exact` is null and `game_over` shows how often.
    """

    def __init__(self, goal: dict[str, Any], contest: Contest, classes: list[Speed]):
        self.goal = goal
        self.contest = contest
        self.classes = classes
        self.turns = contest.turns

    def exact(self) -> dict[str, Any] | None:
        if self.contest.gear_below is not None:
            return None
        chain = burn_chain(self.contest.me, self.contest.speed_opponent())
        if chain["pruned"] > EXACT_TOLERANCE:
            return None
        return {**chain, "burn": chain["tail"][1] if len(chain["tail"]) > 1 else 0.0}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for record in play_contest(self.contest, rng, trials):
            tally_turns(record, tally)
        tally.counts["hit"] = tally.counts[f"first:{self.turns}"]
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        tally_turns(reference_contest(self.contest, rng, trials), tally)
        tally.counts["hit"] = tally.counts[f"first:{self.turns}"]
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        rows = []
        for turn in range(1, self.turns + 1):
            over = tally.counts.get(f"over:{turn}", 0)

            def value(key: str, over: int = over) -> float | None:
                return None if exact is None or over else round(exact[key], 6)

            row = {
                "turn": turn,
                **tally.proportion(f"first:{turn}"),
                "exact": value("first"),
                "second": {**tally.proportion(f"second:{turn}"), "exact": value("second")},
                "speed_burn": {**tally.proportion(f"burn:{turn}"), "exact": value("burn")},
                "speed_burns": {**tally.mean(f"burns:{turn}"), "exact": value("mean")},
            }
            if over:
                row["game_over"] = tally.proportion(f"over:{turn}")
            rows.append(row)
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": rows[-1]["exact"],
            "speed_classes": [str(speed) for speed in self.classes],
            "by_turn": rows,
        }

    def half_width(self, tally: Tally) -> float:
        return max(
            stats.wilson_half_width(tally.counts.get(f"{key}:{turn}", 0), tally.games)
            for key in ("first", "burn")
            for turn in range(1, self.turns + 1)
        )


def prepare_speed(context: Context, goal: dict[str, Any]) -> SpeedGoal:
    theirs, their_hp = opponent_speeds(context, goal)
    classes, me, them = players(speeds(context.deck), hp_cards(context.deck), theirs, their_hp)
    gear_below = None
    if goal["gear_change_below"].strip():
        try:
            limit = Speed.parse(goal["gear_change_below"])
        except ValueError as error:
            raise GoalError(
                gettext_noop("%(field)s: %(error)s"),
                field=SPEED.field("gear_change_below").shown,
                error=reason(error),
            ) from None
        gear_below = sum(speed < limit for speed in classes)
    contest = Contest(
        me,
        them,
        play="speed",
        turns=goal["turn"],
        gear_below=gear_below,
        gear_when=goal["gear_change_when"],
    )
    return SpeedGoal(goal, contest, classes)


SPEED = GoalType(
    name="speed",
    label=gettext_noop("Speed phase"),
    description=(
        gettext_noop(
            "Against an opponent's deck or speed mix: P(first) on every turn up to t, speed burns per "
            "turn (P(at least one) and the mean), with an optional gear change policy."
        )
    ),
    fields=(
        turn_field(default=5, maximum=15),
        *OPPONENT_FIELDS,
        Field(
            "gear_change_below",
            gettext_noop("Gear change when the speed card is slower than"),
            "text",
            default="",
            help=gettext_noop("An SP such as B++; empty: never change gear."),
        ),
        Field(
            "gear_change_when",
            gettext_noop("Gear change"),
            "choice",
            default="second",
            choices=("second", "slower"),
            choice_labels={
                "second": gettext_noop("Only while the opponent's speed card is faster"),
                "slower": gettext_noop("Always"),
            },
        ),
    ),
    prepare=prepare_speed,
    needs=(SP, HP),
)


# --- deck_out ------------------------------------------------------------------------------------


class DeckOutGoal(Goal):
    """The turn the deck runs out, and HP cards drawn after it, with or without a speed contest.

    With a fixed order (`first`, `second`) each turn uses 1 speed card and 1 or 2 draws, so every
    figure is fixed and exact; against an opponent (`speed`) the order and speed burns vary and no
    exact method applies here (it would need the counts of every class each side has used).
    """

    proportions = ("hit", "lost")

    def __init__(self, goal: dict[str, Any], contest: Contest):
        self.goal = goal
        self.contest = contest
        self.turn = goal["turn"]

    def exact(self) -> dict[str, Any] | None:
        if self.contest.play == "speed":
            return None
        me = self.contest.me
        per_turn = 1 + DRAWS[self.contest.play]
        used = [OPENING_HAND + self.contest.mulligan + per_turn * t for t in range(1, 200)]
        out = next(t for t, n in enumerate(used, start=1) if n > me.deck_cards)
        lost = next(t for t, n in enumerate(used, start=1) if n >= me.cards)
        hp = min(max(used[self.turn - 1] - me.deck_cards, 0), me.hp)
        return {"deck_out_turn": out, "lost_turn": lost, "hp_drawn": hp}

    def _tally(self, record: Record, tally: Tally) -> None:
        deck = self.contest.me.deck_cards
        out = record.used > deck
        ran_out = out.any(axis=0)
        tally.count("hit", out[self.turn - 1])
        tally.count("ran_out", np.asarray(ran_out))
        tally.observe("deck_out_turn", (np.argmax(out, axis=0) + 1)[ran_out])
        lost = record.ending == LOST
        tally.count("lost", lost[self.turn - 1])
        tally.count("lost_ever", lost[-1])
        tally.observe("lost_turn", (np.argmax(lost, axis=0) + 1)[lost[-1]])
        tally.observe("hp_drawn", np.clip(record.used[self.turn - 1] - deck, 0, None))

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for record in play_contest(self.contest, rng, trials):
            self._tally(record, tally)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        self._tally(reference_contest(self.contest, rng, trials), tally)
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        fixed = exact is not None
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": (1.0 if exact["deck_out_turn"] <= self.turn else 0.0) if fixed else None,
            "deck_out_turn": {
                **tally.mean("deck_out_turn", tally.counts.get("ran_out", 0)),
                "exact": exact["deck_out_turn"] if fixed else None,
            },
            "hp_cards_drawn": {
                **tally.mean("hp_drawn"),
                "exact": exact["hp_drawn"] if fixed else None,
            },
            "lost_by_turn": {
                **tally.proportion("lost"),
                "exact": (1.0 if exact["lost_turn"] <= self.turn else 0.0) if fixed else None,
            },
            "lost_turn": {
                **tally.mean("lost_turn", tally.counts.get("lost_ever", 0)),
                "exact": exact["lost_turn"] if fixed else None,
            },
        }


def prepare_deck_out(context: Context, goal: dict[str, Any]) -> DeckOutGoal:
    mine = speeds(context.deck)
    if goal["play"] == "speed":
        theirs, their_hp = opponent_speeds(context, goal)
    elif goal["opponent"] or goal["speed_mix"]:
        raise GoalError(gettext_noop("An opponent plays only with play 'speed'."))
    else:
        theirs, their_hp = mine, hp_cards(context.deck)
    _, me, them = players(mine, hp_cards(context.deck), theirs, their_hp)
    contest = Contest(
        me,
        them if goal["play"] == "speed" else None,
        play=goal["play"],
        # Each turn uses at least 2 of the player's cards: by then every game has ended.
        turns=max(goal["turn"], me.cards // 2 + 1),
        mulligan=goal["mulligan"],
    )
    return DeckOutGoal(goal, contest)


DECK_OUT = GoalType(
    name="deck_out",
    label=gettext_noop("Deck-out and HP cards"),
    description=(
        gettext_noop(
            "The turn the deck runs out (the first card taken from the HP cards) and the turn the "
            "last HP card goes (both casters at HP 0); P(deck out by turn t) and the HP cards drawn "
            "by then. Order fixed, or decided by the speed phase against an opponent."
        )
    ),
    fields=(
        turn_field(default=12, maximum=60),
        Field(
            "play",
            gettext_noop("Play"),
            "choice",
            default="speed",
            choices=("speed", "first", "second"),
            choice_labels=PLAY_LABELS,
        ),
        *OPPONENT_FIELDS,
        Field(
            "mulligan",
            gettext_noop("Cards put to the discard at the mulligan"),
            "int",
            default=0,
            minimum=0,
            maximum=OPENING_HAND,
        ),
    ),
    prepare=prepare_deck_out,
    needs=(SP, HP),
)


# --- draws ---------------------------------------------------------------------------------------

#: Card kinds of the draws goal: a target, a card the keep rule discards, any other card.
TARGET, DISCARDED, OTHER = 0, 1, 2


class DrawsGoal(Goal):
    """Cards drawn and bursts set by turn t, after a mulligan to the discard by a keep rule.

    The keep rule puts every non-target card with log cost ≥ N to the discard and draws as many
    (0–7 cards). The order is fixed (no speed burns, as in `drawn`). Exact: a sum over the opening
    hand's (targets, discarded, other) counts; every later card comes from the 43 unseen ones
    (deck, HP cards and burst: their places in a uniform shuffle do not matter).
    """

    proportions = ("hit", "fires")

    def __init__(self, goal: dict[str, Any], kinds: list[int], hp: int):
        self.goal = goal
        self.kinds = kinds
        self.counts = [kinds.count(kind) for kind in (TARGET, DISCARDED, OTHER)]
        self.size = len(kinds)
        self.hp = hp
        self.turns = goal["turn"]
        self.per_turn = 1 + DRAWS[goal["play"]]
        self.at_least = goal["at_least"]
        most = 2 * OPENING_HAND + self.per_turn * self.turns
        if most > self.size - OPENING_BURSTS:
            raise GoalError(
                gettext_noop("A %(size)d-card deck may run out of HP cards before turn %(turn)d."),
                size=self.size,
                turn=self.turns,
            )

    @property
    def deck_cards(self) -> int:
        return self.size - OPENING_BURSTS - self.hp

    def exact(self) -> dict[str, Any]:
        targets, discarded, other = self.counts
        unseen = self.size - OPENING_HAND
        by_turn = [0.0] * (self.turns + 1)
        fires = returned = hp = 0.0
        drawn: dict[int, float] = {}
        for t in range(min(targets, OPENING_HAND) + 1):
            for r in range(min(discarded, OPENING_HAND - t) + 1):
                o = OPENING_HAND - t - r
                if o > other:
                    continue
                ways = comb(targets, t) * comb(discarded, r) * comb(other, o)
                p = ways / comb(self.size, OPENING_HAND)
                for turn in range(self.turns + 1):
                    later = r + self.per_turn * turn
                    by_turn[turn] += p * stats.hypergeom_at_least(
                        unseen, targets - t, later, self.at_least - t
                    )
                fires += p * (r > 0)
                returned += p * r
                total = OPENING_HAND + r + self.per_turn * self.turns
                drawn[total] = drawn.get(total, 0.0) + p
                hp += p * max(total - self.deck_cards, 0)
        return {
            "by_turn": by_turn,
            "fires": fires,
            "returned": returned,
            "drawn": drawn,
            "hp": hp,
            "bursts": OPENING_BURSTS + self.turns,
        }

    def _count(self, tally: Tally, hits: list[np.ndarray], returned: np.ndarray) -> None:
        for turn, hit in enumerate(hits):
            tally.count(f"by_turn:{turn}", hit)
        tally.counts["hit"] = tally.counts[f"by_turn:{self.turns}"]
        tally.count("fires", returned > 0)
        tally.observe("returned", returned)
        drawn = OPENING_HAND + returned + self.per_turn * self.turns
        tally.observe("drawn", drawn)
        for total in range(
            OPENING_HAND + self.per_turn * self.turns,
            2 * OPENING_HAND + 1 + self.per_turn * self.turns,
        ):
            tally.count(f"drawn={total}", drawn == total)
        tally.observe("hp", np.clip(drawn - self.deck_cards, 0, None))
        tally.observe("bursts", np.full(len(returned), OPENING_BURSTS + self.turns))

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        """Deals the hand by kinds, then only how many targets each later group of cards holds:
        the redraw, then each turn's speed card and draws (all from the unseen cards)."""
        tally = Tally(games=trials)
        targets = self.counts[TARGET]
        for games in batches(trials):
            hand = deal_counts(rng, self.counts, OPENING_HAND, games)
            returned = hand[DISCARDED]
            unseen = self.size - OPENING_HAND
            drawn = hand[TARGET] + hypergeometric(
                rng, unseen, targets - hand[TARGET], returned, games
            )
            unseen = unseen - returned
            hits = [drawn >= self.at_least]
            for _turn in range(self.turns):
                drawn = drawn + hypergeometric(rng, unseen, targets - drawn, self.per_turn, games)
                unseen = unseen - self.per_turn
                hits.append(drawn >= self.at_least)
            self._count(tally, hits, returned)
        return tally

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        hits: list[list[bool]] = [[] for _ in range(self.turns + 1)]
        returned_all = []
        for _ in range(trials):
            library = list(self.kinds)
            rng.shuffle(library)
            hp = deal(library, self.hp)  # HP cards under the casters, face down
            deal(library, OPENING_BURSTS)
            hand = deal(library, OPENING_HAND)
            returned = [card for card in hand if card == DISCARDED]  # to the discard pile
            hand = [card for card in hand if card != DISCARDED] + deal(library, len(returned))
            hits[0].append(hand.count(TARGET) >= self.at_least)
            for turn in range(1, self.turns + 1):
                if len(library) < self.per_turn:  # an empty deck is replaced by the HP cards
                    library[:0] = hp
                    hp = []
                hand += deal(library, self.per_turn)  # the speed card and the draws
                hits[turn].append(hand.count(TARGET) >= self.at_least)
            returned_all.append(len(returned))
        self._count(tally, [np.asarray(h) for h in hits], np.asarray(returned_all, dtype=np.int64))
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        drawn = []
        for total, p in sorted(exact["drawn"].items()):
            drawn.append(
                {"cards": total, **tally.proportion(f"drawn={total}"), "exact": round(p, 6)}
            )
        return {
            "goal": self.goal,
            **tally.proportion("hit"),
            "exact": round(exact["by_turn"][-1], 6),
            "by_turn": [
                {"turn": turn, **tally.proportion(f"by_turn:{turn}"), "exact": round(p, 6)}
                for turn, p in enumerate(exact["by_turn"])
            ],
            "mulligan_fires": {**tally.proportion("fires"), "exact": round(exact["fires"], 6)},
            "cards_discarded": {**tally.mean("returned"), "exact": round(exact["returned"], 6)},
            "cards_drawn": {
                **tally.mean("drawn"),
                "exact": round(sum(k * p for k, p in exact["drawn"].items()), 6),
                "distribution": drawn,
            },
            "bursts_set": {**tally.mean("bursts"), "exact": exact["bursts"]},
            "hp_cards_drawn": {**tally.mean("hp"), "exact": round(exact["hp"], 6)},
        }


def prepare_draws(context: Context, goal: dict[str, Any]) -> DrawsGoal:
    targets = {entry.card.number for entry in context.resolve(goal["cards"], "main")}
    threshold = goal["mulligan_log_cost_at_least"]
    kinds = []
    for entry in context.deck.entries("main"):
        cost = entry.card["log_cost"]
        if entry.card.number in targets:
            kind = TARGET
        elif threshold is not None and cost is not None and cost >= threshold:
            kind = DISCARDED
        else:
            kind = OTHER
        kinds += [kind] * entry.count
    return DrawsGoal(goal, kinds, hp_cards(context.deck))


DRAWS_GOAL = GoalType(
    name="draws",
    label=gettext_noop("Cards drawn and bursts set"),
    description=(
        gettext_noop(
            "Mulligan to the discard by a keep rule (non-target cards with log cost ≥ N), then P(at "
            "least k targets drawn by turn t), the cards drawn (mean and distribution), bursts set, "
            "and HP cards drawn once the deck is empty. Order fixed, no speed burns."
        )
    ),
    fields=(
        cards_field(),
        at_least_field(default=1),
        turn_field(default=3, maximum=15),
        PLAY_FIELD,
        Field(
            "mulligan_log_cost_at_least",
            gettext_noop("Mulligan: discard cards with log cost at least"),
            "int",
            default=None,
            minimum=0,
            maximum=20,
            help=gettext_noop("Empty: no mulligan."),
        ),
    ),
    prepare=prepare_draws,
    needs=(
        HP,
        Need(
            fact="log_cost",
            label=gettext_noop("log cost"),
            stand_in=gettext_noop("never discarded at the mulligan"),
            known=lambda card: card["log_cost"] is not None,
            when=lambda goal: goal["mulligan_log_cost_at_least"] is not None,
        ),
    ),
)

#: Words for the figures results report beside the probability (`goldfish.measure_labels`).
MEASURES = {
    "deck_out_turn": gettext_noop("Deck-out turn (mean)"),
    "hp_cards_drawn": gettext_noop("HP cards drawn (mean)"),
    "lost_by_turn": gettext_noop("Lost by the turn"),
    "lost_turn": gettext_noop("Losing turn (mean)"),
    "mulligan_fires": gettext_noop("Mulligan fires"),
    "cards_discarded": gettext_noop("Cards discarded (mean)"),
    "cards_drawn": gettext_noop("Cards drawn (mean)"),
    "bursts_set": gettext_noop("Bursts set (mean)"),
}

GOAL_TYPES: dict[str, GoalType] = {goal.name: goal for goal in (DRAWN, DRAWS_GOAL, SPEED, DECK_OUT)}

#: What `GAME.goldfish` offers the simulator.
SIMULATION = Simulation(goal_types=GOAL_TYPES, measures=MEASURES)
