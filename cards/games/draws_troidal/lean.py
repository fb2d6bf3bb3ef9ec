"""DRAWS◎TROIDAL lean plain-Python loop (`cards/games/lean.py` says why): whole games one at a
time on Python lists, with the battle outcomes and the greedy policy's scores looked up in the
tables `fast.Duel` builds from `battle` and `policy` (precomputed once, as any quick loop would).

`game` plays one dealt game; with `greedy` on both sides it must end as the fast engine's game of
the same library orders, which the tests check game by game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .battle import ARRANGEMENTS, HAND_SIZE, LIFE, RETIRE_AT_WINS, SLOTS
from .fast import DRAW, LOSS, WIN, Duel
from .goldfish import MatchGoal

EMPTY = -1
#: Per arrangement, the (source, slot) pairs it adds up.
TERMS = [tuple(enumerate(order)) for order in ARRANGEMENTS]


class Tables:
    """A duel's tables as plain lists, per side."""

    def __init__(self, duel: Duel):
        self.sizes = [deck.size for deck in duel.decks]
        self.greedy = [deck.greedy for deck in duel.decks]
        self.risk = [deck.risk.tolist() for deck in duel.decks]
        self.guard = [deck.guard.tolist() for deck in duel.decks]
        self.blind = [deck.blind.tolist() for deck in duel.decks]
        self.judge = [deck.judge.tolist() for deck in duel.decks]
        self.outcome = duel.outcome.tolist()


def _ending(first_loses: bool, second_loses: bool) -> int:
    if first_loses:
        return DRAW if second_loses else LOSS
    return WIN


def game(t: Tables, orders: Sequence[list[int]], rng: random.Random) -> tuple[int, int]:
    """One game from library orders already set up: its result code and length in turns."""
    card = [list(order[:SLOTS]) for order in orders]
    guard = [[t.guard[side][c] for c in card[side]] for side in (0, 1)]
    wins = [[0] * SLOTS, [0] * SLOTS]
    opened = [[False] * SLOTS, [False] * SLOTS]
    hand = [list(order[SLOTS : SLOTS + HAND_SIZE]) for order in orders]
    drawn = [SLOTS + HAND_SIZE, SLOTS + HAND_SIZE]
    life = [LIFE, LIFE]
    turn = 0
    while True:
        turn += 1
        failed = [False, False]
        for side in (0, 1):
            held = hand[side]
            for position in range(HAND_SIZE):
                if held[position] == EMPTY:
                    if drawn[side] < t.sizes[side]:
                        held[position] = orders[side][drawn[side]]
                        drawn[side] += 1
                    else:
                        failed[side] = True
        if failed[0] or failed[1]:
            return _ending(*failed), turn
        seen = [(list(card[0]), list(guard[0])), (list(card[1]), list(guard[1]))]
        for side in (0, 1):
            facing, facing_guard = seen[1 - side]
            held, cards, guards = hand[side], card[side], guard[side]
            empty = [slot for slot in range(SLOTS) if cards[slot] == EMPTY]
            if not empty:
                continue
            if t.greedy[side]:
                judge, blind = t.judge[side], t.blind[side]
                empty.sort(key=lambda slot: facing[slot] == EMPTY)
                for slot in empty:
                    if facing[slot] != EMPTY:
                        column = facing[slot] * 3 + (facing_guard[slot] > 0)
                        scores = [
                            (judge[c * 2 + (t.guard[side][c] > 0)][column], -c)
                            for c in held
                            if c != EMPTY
                        ]
                    else:
                        scores = [(blind[c], -c) for c in held if c != EMPTY]
                    chosen = -max(scores)[1]
                    held[held.index(chosen)] = EMPTY
                    cards[slot], guards[slot] = chosen, t.guard[side][chosen]
                    wins[side][slot], opened[side][slot] = 0, False
            else:
                picks = rng.sample(range(HAND_SIZE), len(empty))
                for slot, position in zip(empty, picks, strict=True):
                    chosen = held[position]
                    held[position] = EMPTY
                    cards[slot], guards[slot] = chosen, t.guard[side][chosen]
                    wins[side][slot], opened[side][slot] = 0, False
        choices = []
        for side in (0, 1):
            if not t.greedy[side]:
                choices.append(rng.randrange(len(ARRANGEMENTS)))
                continue
            other, judge = 1 - side, t.judge[side]
            columns = [
                card[other][slot] * 3 + ((guard[other][slot] > 0) if opened[other][slot] else 2)
                for slot in range(SLOTS)
            ]
            values = [
                [judge[card[side][s] * 2 + (guard[side][s] > 0)][column] for column in columns]
                for s in range(SLOTS)
            ]
            totals = [sum(values[source][slot] for slot, source in terms) for terms in TERMS]
            choices.append(totals.index(max(totals)))
        for side, choice in zip((0, 1), choices, strict=True):
            order = ARRANGEMENTS[choice]
            card[side] = [card[side][source] for source in order]
            guard[side] = [guard[side][source] for source in order]
            wins[side] = [wins[side][source] for source in order]
            opened[side] = [True] * SLOTS
        for slot in range(SLOTS):
            result = t.outcome[card[0][slot]][card[1][slot]]
            for side in (0, 1):
                if result == side:  # Outcome: 0 the first card wins, 1 the second
                    wins[side][slot] += 1
                elif guard[side][slot] > 0:
                    guard[side][slot] -= 1
                    wins[side][slot] = 0
                else:
                    life[side] -= t.risk[side][card[side][slot]]
                    wins[side][slot] = 0
                    card[side][slot] = EMPTY
            if life[0] <= 0 or life[1] <= 0:
                return _ending(life[0] <= 0, life[1] <= 0), turn
        for side in (0, 1):
            for slot in range(SLOTS):
                if wins[side][slot] >= RETIRE_AT_WINS:
                    card[side][slot] = EMPTY


def match(goal: MatchGoal, rng: random.Random, trials: int) -> float:
    """P(win): both libraries shuffled whole, the greedy policy's one redo, then the game."""
    tables = Tables(goal.duel)
    libraries = [list(range(size)) for size in tables.sizes]
    shuffle = rng.shuffle
    wins = 0
    for _ in range(trials):
        for side, library in enumerate(libraries):
            shuffle(library)
            if tables.greedy[side] and sum(tables.blind[side][c] for c in library[:SLOTS]) < 0:
                shuffle(library)
        if game(tables, libraries, rng)[0] == WIN:
            wins += 1
    return wins / trials
