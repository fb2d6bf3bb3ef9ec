"""The fast engine: many DRAWS◎TROIDAL beta games at once, vectorised with numpy.

Every game of a batch is a row of the state arrays; a turn is a fixed sequence of array steps over
the rows still playing, and finished rows are dropped after each step that can end a game. The
rules come from `battle` (as a table of outcomes over the two decks' cards) and the greedy
policy's choices from `policy.Appraisal` (as tables of its scores), so neither is restated here;
the reference engine (`engine`) is the specification and the tests check that both agree.

A card is its index in its deck (`battle.fighters` order), so ties that the greedy policy breaks by
"the card listed first" are broken by the smallest index, exactly as in the reference engine.
Initiative is not tracked: it decides nothing in the beta.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .battle import (
    ARRANGEMENTS,
    HAND_SIZE,
    LIFE,
    RETIRE_AT_WINS,
    SLOTS,
    Fighter,
    Outcome,
    battle,
)
from .policy import POLICIES, Appraisal

#: Result codes of `Outcomes.results`, seen from player 0 (the index is the code).
RESULTS = ("win", "draw", "loss")
WIN, DRAW, LOSS = range(3)

_ARRANGEMENTS = np.array(ARRANGEMENTS, dtype=np.intp)
#: `_ARRANGEMENT_TERMS[k, slot]`: which own-card-in-slot score arrangement k adds for `slot`.
_ARRANGEMENT_TERMS = _ARRANGEMENTS * SLOTS + np.arange(SLOTS)
_EMPTY = -1


@dataclass(frozen=True)
class Outcomes:
    """Per game: its result code (see `RESULTS`) and the turn it ended in."""

    results: np.ndarray
    turns: np.ndarray


class _Deck:
    """One side's per-card arrays (indexed by a card's position in its deck) and policy tables."""

    def __init__(self, deck: Sequence[Fighter], policy: str, opponent: Sequence[Fighter]):
        if policy not in POLICIES:
            raise ValueError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})")
        self.size = len(deck)
        self.greedy = policy == "greedy"
        self.risk = np.array([card.risk for card in deck], dtype=np.int64)
        self.guard = np.array([card.guard for card in deck], dtype=np.int64)
        if self.greedy:
            self._score_tables(deck, opponent)

    def _score_tables(self, deck: Sequence[Fighter], opponent: Sequence[Fighter]) -> None:
        """The greedy scores of every own card against every state of every opposing card.

        `judge[mine * 2 + guard_left, theirs * 3 + state]`, where `guard_left` is 1 while the card
        has guard and `state` is what is seen of the opposing card: 0 opened without guard,
        1 opened with guard left, 2 face down (power only). Built over distinct cards, expanded
        to deck positions.
        """
        appraisal = Appraisal(deck)
        mine, mine_kind = _kinds(deck)
        theirs, theirs_kind = _kinds(opponent)
        judge = np.array(
            [
                [
                    [
                        appraisal.against_card(a, guard, b, 0),
                        appraisal.against_card(a, guard, b, 1),
                        appraisal.against_power(a, guard, b.power),
                    ]
                    for b in theirs
                ]
                for a in mine
                for guard in (0, 1)
            ]
        )  # (mine kinds * 2, theirs kinds, 3)
        rows = (mine_kind[:, None] * 2 + np.arange(2)).reshape(-1)
        self.judge = (
            judge[rows][:, theirs_kind]
            .reshape(len(deck) * 2, len(opponent) * 3)
            .astype(np.float32)  # multiples of 1/4: exact in float32, and so are their sums
        )
        #: The row of each card as it comes from the hand, with all its guard.
        self.fresh_row = np.arange(len(deck)) * 2 + (self.guard > 0)
        self.blind = np.array([appraisal.against_unseen(a) for a in mine])[mine_kind]


def _kinds(deck: Sequence[Fighter]) -> tuple[list[Fighter], np.ndarray]:
    """The distinct cards of a deck, and for each position the index of its card among them."""
    distinct: dict[Fighter, int] = {}
    kind = [distinct.setdefault(card, len(distinct)) for card in deck]
    return list(distinct), np.array(kind, dtype=np.intp)


class _Side:
    """One player's state in every game of a batch (rows = games still playing)."""

    def __init__(self, deck: _Deck, order: np.ndarray):
        rows = order.shape[0]
        self.deck = deck
        #: Library orders stay whole; `game` maps each row still playing to its row of `order`.
        self.order = order
        self.game = np.arange(rows)
        self.card = order[:, :SLOTS].copy()
        self.guard = deck.guard[self.card]
        self.wins = np.zeros((rows, SLOTS), dtype=np.int64)
        self.opened = np.zeros((rows, SLOTS), dtype=bool)
        self.hand = order[:, SLOTS : SLOTS + HAND_SIZE].copy()
        self.drawn = np.full(rows, SLOTS + HAND_SIZE, dtype=np.intp)
        self.life = np.full(rows, LIFE, dtype=np.int64)

    def keep(self, rows: np.ndarray) -> None:
        for name in ("game", "card", "guard", "wins", "opened", "hand", "drawn", "life"):
            setattr(self, name, getattr(self, name)[rows])

    def draw_up_to_hand_size(self) -> np.ndarray:
        """Step ①; returns the rows whose player needed a card from an empty deck."""
        failed = np.zeros(len(self.life), dtype=bool)
        for position in range(HAND_SIZE):
            need = self.hand[:, position] == _EMPTY
            if not need.any():
                continue
            can = need & (self.drawn < self.deck.size)
            failed |= need & ~can
            rows = np.flatnonzero(can)
            self.hand[rows, position] = self.order[self.game[rows], self.drawn[rows]]
            self.drawn[rows] += 1
        return failed

    def place(self, rows: np.ndarray, slot: int, positions: np.ndarray) -> None:
        """Move the hand cards at `positions` of `rows` into `slot`, face down."""
        cards = self.hand[rows, positions]
        self.card[rows, slot] = cards
        self.guard[rows, slot] = self.deck.guard[cards]
        self.wins[rows, slot] = 0
        self.opened[rows, slot] = False
        self.hand[rows, positions] = _EMPTY

    def fill(self, facing: np.ndarray, facing_guard: np.ndarray, rng: np.random.Generator) -> None:
        """Step ② by this side's policy; `facing` and `facing_guard` are the opposing slots."""
        if self.deck.greedy:
            self.fill_greedy(facing, facing_guard)
        else:
            self.fill_random(rng)

    def arrangement(self, other: _Side, rng: np.random.Generator) -> np.ndarray:
        """Step ③ by this side's policy: per row, an index into `ARRANGEMENTS`."""
        if self.deck.greedy:
            return self.arrangement_greedy(other)
        return rng.integers(len(ARRANGEMENTS), size=len(self.card))

    def fill_random(self, rng: np.random.Generator) -> None:
        """Step ②, `random`: the empty slots take hand cards in a uniformly random order.

        The hand is full here (step ① just drew it up to five).
        """
        empty = self.card == _EMPTY
        shuffled = np.argsort(rng.random(self.hand.shape), axis=1)
        rank = np.cumsum(empty, axis=1) - 1
        source = np.take_along_axis(shuffled, np.maximum(rank, 0), axis=1)
        for slot in range(SLOTS):
            rows = np.flatnonzero(empty[:, slot])
            if rows.size:
                self.place(rows, slot, source[rows, slot])

    def fill_greedy(self, facing: np.ndarray, facing_guard: np.ndarray) -> None:
        """Step ②, `greedy`: slots facing an opened card first, each its best hand card."""
        deck = self.deck
        for facing_card in (True, False):
            for slot in range(SLOTS):
                wanted = (self.card[:, slot] == _EMPTY) & (
                    (facing[:, slot] != _EMPTY) == facing_card
                )
                rows = np.flatnonzero(wanted)
                if not rows.size:
                    continue
                hand = self.hand[rows]
                held = hand != _EMPTY
                cards = np.where(held, hand, 0)
                if facing_card:
                    column = facing[rows, slot] * 3 + (facing_guard[rows, slot] > 0)
                    scores = deck.judge[deck.fresh_row[cards], column[:, None]]
                else:
                    scores = deck.blind[cards]
                scores = np.where(held, scores, -np.inf)
                best = scores == scores.max(axis=1, keepdims=True)
                positions = np.where(best, cards, deck.size).argmin(axis=1)
                self.place(rows, slot, positions)

    def arrangement_greedy(self, other: _Side) -> np.ndarray:
        """Step ③, `greedy`: per row, the index of the best arrangement against `other`.

        `values[source * 5 + slot, row]` is the score of the card now in `source` moved into
        `slot`; each arrangement adds its five terms slot by slot, as the reference engine does,
        and the first maximum has the fewest swaps. Plain gathers and adds, no BLAS threads.
        """
        rows = (self.card * 2 + (self.guard > 0)).T
        columns = (other.card * 3 + np.where(other.opened, other.guard > 0, 2)).T
        values = self.deck.judge[rows[:, None, :], columns[None, :, :]].reshape(SLOTS * SLOTS, -1)
        totals = values[_ARRANGEMENT_TERMS[:, 0]]
        for slot in range(1, SLOTS):
            totals += values[_ARRANGEMENT_TERMS[:, slot]]
        return totals.argmax(axis=0)

    def rearrange(self, choice: np.ndarray) -> None:
        flat = (_ARRANGEMENTS[choice] + np.arange(len(choice))[:, None] * SLOTS).reshape(-1)
        for name in ("card", "guard", "wins", "opened"):
            setattr(self, name, getattr(self, name).reshape(-1)[flat].reshape(-1, SLOTS))

    def after_battle(self, slot: int, lost: np.ndarray) -> None:
        """Step ⑤ for this side's card in `slot` (see `engine.Player.after_battle`)."""
        guard = self.guard[:, slot]
        saved = lost & (guard > 0)
        trashed = lost & ~saved
        card = self.card[:, slot]
        self.life -= np.where(trashed, self.deck.risk[card], 0)
        self.guard[:, slot] = guard - saved
        self.wins[:, slot] = np.where(lost, 0, self.wins[:, slot] + 1)
        self.card[:, slot] = np.where(trashed, _EMPTY, card)

    def retire_winners(self) -> None:
        self.card[self.wins >= RETIRE_AT_WINS] = _EMPTY


class Duel:
    """Two decks and their policies, prepared once; `play` runs any number of games."""

    def __init__(self, decks: Sequence[Sequence[Fighter]], policies: Sequence[str]):
        first, second = (tuple(deck) for deck in decks)
        self.decks = (
            _Deck(first, policies[0], second),
            _Deck(second, policies[1], first),
        )
        mine, mine_kind = _kinds(first)
        theirs, theirs_kind = _kinds(second)
        table = np.array([[int(battle(a, b)) for b in theirs] for a in mine], dtype=np.int8)
        self.outcome = table[mine_kind][:, theirs_kind].reshape(-1)

    def shuffled(self, rng: np.random.Generator, games: int) -> list[np.ndarray]:
        """Each side's library order per game, after the set-up and its one optional redo."""
        orders = []
        for deck in self.decks:
            order = _shuffle(rng, games, deck.size)
            if deck.greedy:
                redo = np.flatnonzero(deck.blind[order[:, :SLOTS]].sum(axis=1) < 0)
                order[redo] = _shuffle(rng, redo.size, deck.size)
            orders.append(order)
        return orders

    def play(self, rng: np.random.Generator, games: int) -> Outcomes:
        return self.play_dealt(self.shuffled(rng, games), rng)

    def play_dealt(self, orders: Sequence[np.ndarray], rng: np.random.Generator) -> Outcomes:
        """Play from library orders already set up (as `engine.deal`): five to the field, five
        to the hand. `rng` serves the random policy's choices."""
        games = orders[0].shape[0]
        results = np.zeros(games, dtype=np.int8)
        turns = np.zeros(games, dtype=np.int64)
        index = np.arange(games)
        sides = [
            _Side(deck, np.array(order, dtype=np.intp))
            for deck, order in zip(self.decks, orders, strict=True)
        ]
        turn = 0

        def finish(losing: tuple[np.ndarray, np.ndarray]) -> None:
            nonlocal index
            ended = losing[0] | losing[1]
            if not ended.any():
                return
            code = np.where(losing[0], np.where(losing[1], DRAW, LOSS), WIN)
            results[index[ended]] = code[ended]
            turns[index[ended]] = turn
            keep = np.flatnonzero(~ended)
            index = index[keep]
            for side in sides:
                side.keep(keep)

        while index.size:
            turn += 1
            first, second = sides
            finish((first.draw_up_to_hand_size(), second.draw_up_to_hand_size()))
            if not index.size:
                break
            # ② and ③ are simultaneous: each side decides on the other's field before the step.
            facing = [
                (second.card.copy(), second.guard.copy()),
                (first.card.copy(), first.guard.copy()),
            ]
            for side, (cards, guards) in zip(sides, facing, strict=True):
                side.fill(cards, guards, rng)
            choices = [first.arrangement(second, rng), second.arrangement(first, rng)]
            for side, choice in zip(sides, choices, strict=True):
                side.rearrange(choice)
                side.opened[:] = True
            ended = np.zeros(index.size, dtype=bool)
            losing = [np.zeros(index.size, dtype=bool), np.zeros(index.size, dtype=bool)]
            for slot in range(SLOTS):
                outcome = self.outcome[
                    first.card[:, slot] * second.deck.size + second.card[:, slot]
                ]
                first.after_battle(slot, outcome != Outcome.FIRST_WINS)
                second.after_battle(slot, outcome != Outcome.SECOND_WINS)
                # The first battle that leaves a life at 0 ends a game; later ones do not count.
                dead = [(side.life <= 0) & ~ended for side in sides]
                losing[0] |= dead[0]
                losing[1] |= dead[1]
                ended |= dead[0] | dead[1]
            for side in sides:
                side.retire_winners()
            finish((losing[0], losing[1]))
        return Outcomes(results, turns)


def _shuffle(rng: np.random.Generator, games: int, size: int) -> np.ndarray:
    return rng.permuted(np.broadcast_to(np.arange(size, dtype=np.intp), (games, size)), axis=1)
