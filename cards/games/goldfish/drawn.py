"""Goals shared by the games that draw from a shuffled deck: the `drawn` goal and its helpers."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import numpy as np

from cards.games import decklist, stats
from cards.games.base import Deck, Entry, Violation
from cards.games.goldfish.context import Context, GoalError
from cards.games.goldfish.goals import Goal
from cards.games.goldfish.limits import SHOWN_PROBLEMS
from cards.games.goldfish.tally import Tally, _round
from cards.games.messages import LANGUAGES, InLanguages, Text, gettext_noop
from cards.games.sim import batches as batches_of
from cards.games.sim import deal, hypergeometric


def runs_out(size: int, turn: int) -> GoalError:
    """A deck too small to play up to a turn (the games that draw from a shuffled deck)."""
    return GoalError(
        gettext_noop("A %(size)d-card deck runs out before turn %(turn)d."), size=size, turn=turn
    )


def draws_on_turn(turn: int, play: str) -> int:
    """One card a turn, none on the first player's first turn (DBSCG and Gundam War draw so)."""
    return 0 if play == "first" and turn == 1 else 1


def card_flags(context: Context, zone: str, chosen: Callable[[Entry], bool]) -> list[bool]:
    """One flag per card copy of the zone, in deck order: whether `chosen` picks its entry."""
    return [chosen(entry) for entry in context.deck.entries(zone) for _ in range(entry.count)]


def opponent_deck(context: Context, text: str) -> Deck:
    """An opponent's decklist (a goal field) resolved with the card pool that resolved the deck."""
    if context.pool is None:
        raise GoalError(
            gettext_noop("The opponent's decklist cannot be read here: no card pool is at hand.")
        )
    deck, problems = decklist.load(context.game, text, context.pool)
    if problems:
        raise problems_error(
            gettext_noop("The opponent's decklist has problems: %(problems)s%(more)s"), problems
        )
    return deck


def problems_error(
    msgid: str, problems: Sequence[Violation], shown: int = SHOWN_PROBLEMS
) -> GoalError:
    """A refusal of a decklist: `msgid` with its first problems (each in the reader's language)
    as `%(problems)s` and how many more there are as `%(more)s`."""
    listed = problems[:shown]
    more = len(problems) - len(listed)
    return GoalError(
        msgid,
        problems=InLanguages(
            {lang: "; ".join(p.message(lang) for p in listed) for lang in LANGUAGES}
        ),
        more=Text(gettext_noop(" (and %(count)d more)"), {"count": more}) if more else "",
    )


def named(context: Context, references: Iterable[str], zone: str) -> list[bool]:
    """`card_flags` of the cards the references name (a reference naming none is a GoalError)."""
    numbers = {entry.card.number for entry in context.resolve(references, zone)}
    return card_flags(context, zone, lambda entry: entry.card.number in numbers)


@dataclass(frozen=True)
class Segment:
    """Cards dealt from the deck top in one step of a game: drawn into hand, or moved unseen.

    `turn` 0 is the setup before the first turn (the opening hand, life, HP cards).
    """

    turn: int
    cards: int
    drawn: bool


def schedule(setup: Sequence[Segment], per_turn: Callable[[int], int], turns: int) -> list[Segment]:
    """A game's deal up to own turn `turns`: its setup, then the cards each turn draws."""
    return [*setup, *(Segment(turn, per_turn(turn), True) for turn in range(1, turns + 1))]


class DrawnGoal(Goal):
    """CONTRACT §5 `drawn`: at least k target cards drawn by own turn t, opening hand included.

    A game describes its deal as `segments` (`schedule`): the reference engine deals a shuffled
    deck card by card along them. Unseen cards (life, HP) sit between the drawn ones; the place
    of a card in a uniform shuffle does not change the chance that it is a target, so the drawn
    cards are a uniform sample of the deck: the exact answer is hypergeometric in the number of
    cards drawn, and the fast engine deals only the drawn cards, a turn's worth at a time.
    """

    def __init__(
        self,
        goal: dict[str, Any],
        cards: Sequence[bool],
        at_least: int,
        segments: Sequence[Segment],
    ):
        self.goal = goal
        self.cards = list(cards)
        self.size = len(self.cards)
        self.targets = sum(self.cards)
        self.at_least = at_least
        self.turns = max(segment.turn for segment in segments)
        self.segments = tuple(segments)
        dealt = sum(segment.cards for segment in self.segments)
        if dealt > self.size:
            raise GoalError(
                gettext_noop("A %(size)d-card deck runs out before turn %(turn)d's draw step."),
                size=self.size,
                turn=self.turns,
            )

    def drawn_by_turn(self) -> list[int]:
        """How many cards are drawn into hand by the end of each turn's draw step (0 = setup)."""
        return list(accumulate(self._drawn_on_turn()))

    def _drawn_on_turn(self) -> list[int]:
        totals = [0] * (self.turns + 1)
        for segment in self.segments:
            if segment.drawn:
                totals[segment.turn] += segment.cards
        return totals

    def exact(self) -> dict[str, Any]:
        by_turn = [
            stats.hypergeom_at_least(self.size, self.targets, drawn, self.at_least)
            for drawn in self.drawn_by_turn()
        ]
        return {"probability": by_turn[-1], "by_turn": by_turn}

    def fast(self, rng: np.random.Generator, trials: int) -> Tally:
        tally = Tally(games=trials)
        for games in batches_of(trials):
            left = self.size
            targets_left = np.full(games, self.targets, dtype=np.int64)
            for turn, cards in enumerate(self._drawn_on_turn()):
                if cards:
                    targets_left -= hypergeometric(rng, left, targets_left, cards, games)
                    left -= cards
                tally.count(f"by_turn:{turn}", self.targets - targets_left >= self.at_least)
        return self._finish(tally)

    def reference(self, rng: random.Random, trials: int) -> Tally:
        tally = Tally(games=trials)
        for _ in range(trials):
            library = list(self.cards)
            rng.shuffle(library)
            drawn = [0] * (self.turns + 1)
            for segment in self.segments:
                cards = deal(library, segment.cards)
                if segment.drawn:
                    drawn[segment.turn] += sum(cards)
            for turn, count in enumerate(accumulate(drawn)):
                tally.count(f"by_turn:{turn}", count >= self.at_least)
        return self._finish(tally)

    def _finish(self, tally: Tally) -> Tally:
        tally.counts["hit"] = tally.counts.get(f"by_turn:{self.turns}", 0)
        return tally

    def summarize(self, tally: Tally, exact: Any) -> dict[str, Any]:
        out = {"goal": self.goal, **tally.proportion("hit"), "exact": _round(exact["probability"])}
        if self.turns:
            out["by_turn"] = [
                {"turn": turn, **tally.proportion(f"by_turn:{turn}"), "exact": _round(value)}
                for turn, value in enumerate(exact["by_turn"])
            ]
        return out
