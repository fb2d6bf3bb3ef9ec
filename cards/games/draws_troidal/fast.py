"""The fast engine: many DRAWS◎TROIDAL beta games, one after another in compiled code (numba).

The rules come from `battle` (as a table of outcomes over the two decks' cards) and the greedy
policy's choices from `policy.Appraisal` (as tables of its scores), so neither is restated here;
the reference engine (`engine`) is the specification and the tests check that both agree game by
game. A game is a few hundred small steps on five slots; numpy over rows of games paid a call's
cost per step on ever smaller row sets (issue 25: 62% of a chunk), so the games are played one at a
time by `_play`, compiled once by numba and cached on disk (`cache=True`). The random policy's fill
and the battle step are written out in `_play`, not called: each array handed to a helper costs two
atomic reference-count updates per call (numba's NRT), which were 60–70% of a game's time.

A card is its index in its deck (`battle.fighters` order), so ties that the greedy policy breaks by
"the card listed first" are broken by the smallest index, exactly as in the reference engine.
Initiative is not tracked: it decides nothing in the beta. Library orders (the set-up's shuffle and
the greedy policy's redo) are dealt with numpy; the random policy's choices come from the same
`numpy.random.Generator`, which numba reads directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numba
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

_ARRANGEMENTS = np.array(ARRANGEMENTS, dtype=np.int64)
_EMPTY = -1
_FIRST_WINS = int(Outcome.FIRST_WINS)
_SECOND_WINS = int(Outcome.SECOND_WINS)


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
        self.judge = np.zeros((0, 0))
        self.blind = np.zeros(self.size)
        if self.greedy:
            self._score_tables(deck, opponent)

    def _score_tables(self, deck: Sequence[Fighter], opponent: Sequence[Fighter]) -> None:
        """The greedy scores of every own card against every state of every opposing card.

        `judge[mine * 2 + guard_left, theirs * 3 + state]`, where `guard_left` is 1 while the card
        has guard and `state` is what is seen of the opposing card: 0 opened without guard,
        1 opened with guard left, 2 face down (power only). Built over distinct cards, expanded
        to deck positions. Scores are multiples of 1/4, so their sums are exact in any order.
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
        self.judge = np.ascontiguousarray(
            judge[rows][:, theirs_kind].reshape(len(deck) * 2, len(opponent) * 3)
        )
        self.blind = np.array([appraisal.against_unseen(a) for a in mine])[mine_kind]


def _kinds(deck: Sequence[Fighter]) -> tuple[list[Fighter], np.ndarray]:
    """The distinct cards of a deck, and for each position the index of its card among them."""
    distinct: dict[Fighter, int] = {}
    kind = [distinct.setdefault(card, len(distinct)) for card in deck]
    return list(distinct), np.array(kind, dtype=np.intp)


class Duel:
    """Two decks and their policies, prepared once; `play` runs any number of games.

    Both sides' tables are stacked (side, card …), padded to the larger deck, so the compiled game
    reads either side with one index.
    """

    def __init__(self, decks: Sequence[Sequence[Fighter]], policies: Sequence[str]):
        first, second = (tuple(deck) for deck in decks)
        self.decks = (
            _Deck(first, policies[0], second),
            _Deck(second, policies[1], first),
        )
        mine, mine_kind = _kinds(first)
        theirs, theirs_kind = _kinds(second)
        table = np.array([[int(battle(a, b)) for b in theirs] for a in mine], dtype=np.int64)
        self.outcome = np.ascontiguousarray(table[mine_kind][:, theirs_kind])
        largest = max(deck.size for deck in self.decks)
        self.sizes = np.array([deck.size for deck in self.decks], dtype=np.int64)
        self.greedy = np.array([deck.greedy for deck in self.decks], dtype=np.bool_)
        self.risk = np.zeros((2, largest), dtype=np.int64)
        self.guard = np.zeros((2, largest), dtype=np.int64)
        self.blind = np.zeros((2, largest))
        self.judge = np.zeros((2, largest * 2, largest * 3), dtype=np.float32)
        for side, deck in enumerate(self.decks):
            self.risk[side, : deck.size] = deck.risk
            self.guard[side, : deck.size] = deck.guard
            self.blind[side, : deck.size] = deck.blind
            rows, columns = deck.judge.shape
            self.judge[side, :rows, :columns] = deck.judge

    def _run(self, games: int, rng: np.random.Generator, orders: Sequence[np.ndarray] | None):
        results = np.zeros(games, dtype=np.int8)
        turns = np.zeros(games, dtype=np.int64)
        library = np.zeros((2, games if orders else 1, self.risk.shape[1]), dtype=np.int64)
        if orders:
            for side, order in enumerate(orders):
                library[side, :, : order.shape[1]] = order
        else:
            library[:, 0, :] = np.arange(self.risk.shape[1])
        _play(library, orders is None, self.sizes, self.greedy, self.risk, self.guard,
              self.blind, self.judge, self.outcome, _ARRANGEMENTS, rng, results, turns)  # fmt: skip
        return Outcomes(results, turns)

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
        """Games dealt as they go: a card is drawn uniformly from those left when it is needed
        (a Fisher–Yates shuffle stopped where the game stops), the set-up's redo included."""
        return self._run(games, rng, None)

    def play_dealt(self, orders: Sequence[np.ndarray], rng: np.random.Generator) -> Outcomes:
        """Play from library orders already set up (as `engine.deal`): five to the field, five
        to the hand. `rng` serves the random policy's choices."""
        return self._run(orders[0].shape[0], rng, orders)


def _shuffle(rng: np.random.Generator, games: int, size: int) -> np.ndarray:
    return rng.permuted(np.broadcast_to(np.arange(size, dtype=np.int64), (games, size)), axis=1)


# ---------------------------------------------------------------------------------------------
# The compiled game. State arrays are indexed [side, slot] (or [side, hand position]).


@numba.njit(cache=True)
def _play(library, deal, sizes, greedy, risk, deck_guard, blind, judge, outcome, arrangements,
          rng, results, turns):  # fmt: skip
    """Play `results.size` games; with `deal`, each side's cards are drawn at random from
    `library[side, 0]` as they are needed, else `library[side, game]` is the dealt order."""
    card = np.empty((2, SLOTS), dtype=np.int64)
    guard = np.empty((2, SLOTS), dtype=np.int64)
    wins = np.empty((2, SLOTS), dtype=np.int64)
    opened = np.empty((2, SLOTS), dtype=np.bool_)
    hand = np.empty((2, HAND_SIZE), dtype=np.int64)
    seen_card = np.empty((2, SLOTS), dtype=np.int64)
    seen_guard = np.empty((2, SLOTS), dtype=np.int64)
    drawn = np.empty(2, dtype=np.int64)
    life = np.empty(2, dtype=np.int64)
    failed = np.empty(2, dtype=np.bool_)
    choice = np.empty(2, dtype=np.int64)
    values = np.empty((SLOTS, SLOTS), dtype=np.float32)
    columns = np.empty(SLOTS, dtype=np.int64)
    moved = np.empty(SLOTS, dtype=np.int64)
    positions = np.empty(HAND_SIZE, dtype=np.int64)
    for game in range(results.size):
        row = 0 if deal else game
        for side in range(2):
            drawn[side] = 0
            for slot in range(SLOTS):
                card[side, slot] = _next(library, side, row, drawn, sizes, deal, rng)
            if deal and greedy[side]:
                total = 0.0
                for slot in range(SLOTS):
                    total += blind[side, card[side, slot]]
                if total < 0:  # the greedy policy's one redo: shuffle all the cards again
                    drawn[side] = 0
                    for slot in range(SLOTS):
                        card[side, slot] = _next(library, side, row, drawn, sizes, deal, rng)
            for slot in range(SLOTS):
                guard[side, slot] = deck_guard[side, card[side, slot]]
                wins[side, slot] = 0
                opened[side, slot] = False
            for position in range(HAND_SIZE):
                hand[side, position] = _next(library, side, row, drawn, sizes, deal, rng)
            life[side] = LIFE
        turn = 0
        while True:
            turn += 1
            # ① Draw up to the hand size; a player who cannot draw loses.
            for side in range(2):
                failed[side] = False
                for position in range(HAND_SIZE):
                    if hand[side, position] == _EMPTY:
                        if drawn[side] < sizes[side]:
                            hand[side, position] = _next(library, side, row, drawn, sizes, deal,
                                                         rng)  # fmt: skip
                        else:
                            failed[side] = True
            if failed[0] or failed[1]:
                results[game] = _ending(failed[0], failed[1])
                turns[game] = turn
                break
            # ② and ③ are simultaneous: each side decides on the other's field before the step.
            seen_card[:, :] = card
            seen_guard[:, :] = guard
            for side in range(2):
                if greedy[side]:
                    _fill_greedy(side, judge, blind, deck_guard, card, guard,
                                 wins, opened, hand, seen_card, seen_guard)  # fmt: skip
                else:  # random: the empty slots take hand cards in a uniformly random order
                    for position in range(HAND_SIZE):
                        positions[position] = position
                    taken = 0
                    for slot in range(SLOTS):
                        if card[side, slot] != _EMPTY:
                            continue
                        pick = taken + _below(rng, HAND_SIZE - taken)
                        positions[taken], positions[pick] = positions[pick], positions[taken]
                        _place(side, slot, positions[taken], deck_guard, card, guard, wins,
                               opened, hand)  # fmt: skip
                        taken += 1
            for side in range(2):
                if greedy[side]:
                    choice[side] = _arrangement(side, judge, card, guard, opened, values, columns,
                                                arrangements)  # fmt: skip
                else:
                    choice[side] = _below(rng, arrangements.shape[0])
            for side in range(2):
                _rearrange(side, arrangements, choice[side], card, moved)
                _rearrange(side, arrangements, choice[side], guard, moved)
                _rearrange(side, arrangements, choice[side], wins, moved)
                for slot in range(SLOTS):
                    opened[side, slot] = True
            # ⑤ Battle slot by slot; the first battle that leaves a life at 0 ends the game.
            over = False
            for slot in range(SLOTS):
                result = outcome[card[0, slot], card[1, slot]]
                for side in range(2):  # this side's card after the battle (`Player.after_battle`)
                    lost = result != (_FIRST_WINS if side == 0 else _SECOND_WINS)
                    if not lost:
                        wins[side, slot] += 1
                    elif guard[side, slot] > 0:
                        guard[side, slot] -= 1
                        wins[side, slot] = 0
                    else:
                        life[side] -= risk[side, card[side, slot]]
                        wins[side, slot] = 0
                        card[side, slot] = _EMPTY
                if life[0] <= 0 or life[1] <= 0:
                    results[game] = _ending(life[0] <= 0, life[1] <= 0)
                    turns[game] = turn
                    over = True
                    break
            if over:
                break
            for side in range(2):
                for slot in range(SLOTS):
                    if wins[side, slot] >= RETIRE_AT_WINS:
                        card[side, slot] = _EMPTY


@numba.njit(cache=True, inline="always")
def _below(rng, count):
    """A whole number from 0 to `count` − 1: a uniform double scaled (4× quicker than
    `Generator.integers` here; its bias is below 2⁻⁴⁶ for the counts of a game)."""
    return np.int64(rng.random() * count)


@numba.njit(cache=True, inline="always")
def _next(library, side, row, drawn, sizes, deal, rng):
    """The side's next library card: dealt, or drawn uniformly from the cards not yet drawn."""
    at = drawn[side]
    drawn[side] = at + 1
    if deal:
        pick = at + _below(rng, sizes[side] - at)
        held = library[side, row, pick]
        library[side, row, pick] = library[side, row, at]
        library[side, row, at] = held
        return held
    return library[side, row, at]


@numba.njit(cache=True, inline="always")
def _ending(first_loses, second_loses):
    if first_loses:
        return DRAW if second_loses else LOSS
    return WIN


@numba.njit(cache=True, inline="always")
def _fill_greedy(side, judge, blind, deck_guard, card, guard, wins, opened, hand, seen_card,
                 seen_guard):  # fmt: skip
    """Step ②, greedy: every empty slot takes a hand card, face down (the hand is full here)."""
    other = 1 - side
    # Slots facing an opened card first, each its best hand card (ties: the smallest index).
    for facing_card in (True, False):
        for slot in range(SLOTS):
            if card[side, slot] != _EMPTY or (seen_card[other, slot] != _EMPTY) != facing_card:
                continue
            column = seen_card[other, slot] * 3 + (1 if seen_guard[other, slot] > 0 else 0)
            best_position, best_card, best_score = -1, 0, -np.inf
            for position in range(HAND_SIZE):
                held = hand[side, position]
                if held == _EMPTY:
                    continue
                if facing_card:
                    row = held * 2 + (1 if deck_guard[side, held] > 0 else 0)
                    score = judge[side, row, column]
                else:
                    score = blind[side, held]
                if score > best_score or (score == best_score and held < best_card):
                    best_position, best_card, best_score = position, held, score
            _place(side, slot, best_position, deck_guard, card, guard, wins, opened, hand)


@numba.njit(cache=True, inline="always")
def _place(side, slot, position, deck_guard, card, guard, wins, opened, hand):
    held = hand[side, position]
    card[side, slot] = held
    guard[side, slot] = deck_guard[side, held]
    wins[side, slot] = 0
    opened[side, slot] = False
    hand[side, position] = _EMPTY


@numba.njit(cache=True, inline="always")
def _arrangement(side, judge, card, guard, opened, values, columns, arrangements):
    """Step ③, greedy: the index of the first arrangement with the highest total score."""
    other = 1 - side
    for slot in range(SLOTS):  # the opposing card as seen: its column of the table
        state = (1 if guard[other, slot] > 0 else 0) if opened[other, slot] else 2
        columns[slot] = card[other, slot] * 3 + state
    for source in range(SLOTS):
        row = card[side, source] * 2 + (1 if guard[side, source] > 0 else 0)
        for slot in range(SLOTS):
            values[source, slot] = judge[side, row, columns[slot]]
    best, best_total = 0, -np.inf
    for index in range(arrangements.shape[0]):
        total = values[arrangements[index, 0], 0]
        for slot in range(1, SLOTS):
            total += values[arrangements[index, slot], slot]
        if total > best_total:
            best, best_total = index, total
    return best


@numba.njit(cache=True, inline="always")
def _rearrange(side, arrangements, index, field, moved):
    for slot in range(SLOTS):
        moved[slot] = field[side, arrangements[index, slot]]
    for slot in range(SLOTS):
        field[side, slot] = moved[slot]
