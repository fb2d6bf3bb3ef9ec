"""The reference engine: one DRAWS◎TROIDAL beta game at a time, written to read like the rules.

This is the specification the fast engine is checked against (RULES.md §5.2; the seed 001 text wins
where the two differ). Where the seed is open, this engine decides, and docs/goldfish.md says so:

- The game ends at the first battle after which a player's life is 0 or less: the seed has the
  player who *first* brings the other to 0 win. When one battle brings both to 0 (both cards lose),
  or both players cannot draw in the same step ①, the game is a draw.
- Wins count "5 in a row" (5回連続で勝利): a loss saved by guard ends the streak.
- Both players decide steps ② and ③ at the same time, each seeing the other's field as it was
  before the step. Initiative passes every turn but decides nothing in the beta, whose triggered
  effects are left out.
- Both policies keep the set-up's five cards in the order they were turned up; the swaps of
  turn 1 arrange them once the opponent's powers are visible.

Player 0 is the simulated deck; the result is seen from its side.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from .battle import (
    HAND_SIZE,
    LIFE,
    RETIRE_AT_WINS,
    SLOTS,
    Fighter,
    battle,
)
from .policy import Policy, Sight


class Result(Enum):
    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"


@dataclass(frozen=True)
class Ending:
    """How a game ended, for player 0, and in which turn (its length)."""

    result: Result
    turns: int


@dataclass
class Slot:
    """A card on the field: its guard points left, its wins in a row, whether it has been opened."""

    card: int
    guard: int
    wins: int = 0
    opened: bool = False


@dataclass
class Player:
    """One side of the table. Cards are indices into `deck`; the library's top is its left end."""

    deck: tuple[Fighter, ...]
    policy: Policy
    library: deque[int]
    hand: list[int] = field(default_factory=list)
    slots: list[Slot | None] = field(default_factory=lambda: [None] * SLOTS)
    trash: list[int] = field(default_factory=list)
    life: int = LIFE

    def turn_up(self, count: int) -> list[int]:
        return [self.library.popleft() for _ in range(count)]

    def set_up(self, five: Sequence[int]) -> None:
        """Place the turned-up cards in slots A–E in the order turned up, then draw the hand."""
        for slot, card in enumerate(five):
            self.slots[slot] = Slot(card, self.deck[card].guard)
        self.hand = self.turn_up(HAND_SIZE)

    def draw_up_to_hand_size(self) -> bool:
        """Step ①: draw until the hand holds `HAND_SIZE` cards; False when the deck runs out."""
        while len(self.hand) < HAND_SIZE:
            if not self.library:
                return False
            self.hand.append(self.library.popleft())
        return True

    def sight(self, slot: int) -> Sight | None:
        """What the opponent sees of one of this player's slots."""
        held = self.slots[slot]
        if held is None:
            return None
        card = self.deck[held.card]
        if held.opened:
            return Sight(card.power, card, held.guard)
        return Sight(card.power)

    def sights(self) -> list[Sight | None]:
        return [self.sight(slot) for slot in range(SLOTS)]

    def filled(self) -> list[Slot]:
        """The slots after step ②, when every one holds a card."""
        held = [slot for slot in self.slots if slot is not None]
        assert len(held) == SLOTS, "a slot is still empty"
        return held

    def filled_sights(self) -> list[Sight]:
        """What the opponent sees of a full field."""
        return [sight for sight in self.sights() if sight is not None]

    def fill(self, facing: Sequence[Sight | None]) -> None:
        """Step ②: every empty slot takes a hand card, face down (its power shows)."""
        empty = [slot for slot in range(SLOTS) if self.slots[slot] is None]
        for slot, card in self.policy.fill(self.hand, empty, facing):
            self.hand.remove(card)
            self.slots[slot] = Slot(card, self.deck[card].guard)

    def rearrange(self, order: Sequence[int]) -> None:
        """Step ③: the policy's chosen arrangement (at most two adjacent swaps)."""
        self.slots = [self.slots[source] for source in order]

    def open(self) -> None:
        for held in self.slots:
            if held is not None:
                held.opened = True

    def after_battle(self, slot: int, lost: bool) -> None:
        """Apply one battle's result to this player's card in `slot` (step ⑤).

        A loser with guard left spends a point and stays (no damage, its streak ends); a loser
        without guard is trashed and its risk is taken as damage. A winner adds a win.
        """
        held = self.slots[slot]
        assert held is not None, "every slot is filled before the battles"
        if not lost:
            held.wins += 1
        elif held.guard > 0:
            held.guard -= 1
            held.wins = 0
        else:
            self.life -= self.deck[held.card].risk
            self.trash.append(held.card)
            self.slots[slot] = None

    def retire_winners(self) -> None:
        """After the battle step: a card with `RETIRE_AT_WINS` wins in a row goes to the trash."""
        for slot, held in enumerate(self.slots):
            if held is not None and held.wins >= RETIRE_AT_WINS:
                self.trash.append(held.card)
                self.slots[slot] = None


def _ending(losing: Sequence[bool], turn: int) -> Ending:
    if all(losing):
        return Ending(Result.DRAW, turn)
    return Ending(Result.LOSS if losing[0] else Result.WIN, turn)


class Match:
    """One game between two players, turn by turn (`play_turn`), from a dealt position."""

    def __init__(self, players: Sequence[Player], initiative: int):
        self.players = list(players)
        self.initiative = initiative
        self.turn = 0

    def play_turn(self) -> Ending | None:
        """Steps ①–⑥ of one turn; the ending if the game ended in it."""
        self.turn += 1
        first, second = self.players
        # ① Both draw up to five; a player who cannot draw loses.
        cannot_draw = [not player.draw_up_to_hand_size() for player in self.players]
        if any(cannot_draw):
            return _ending(cannot_draw, self.turn)
        # ② Fill the empty slots; both decide seeing the other's field before the step.
        seen = [second.sights(), first.sights()]
        for player, facing in zip(self.players, seen, strict=True):
            player.fill(facing)
        # ③ Up to two adjacent swaps, again simultaneously.
        full = [second.filled_sights(), first.filled_sights()]
        orders = [
            player.policy.arrange([(held.card, held.guard) for held in player.filled()], facing)
            for player, facing in zip(self.players, full, strict=True)
        ]
        for player, order in zip(self.players, orders, strict=True):
            player.rearrange(order)
        # ④ Open every card.
        for player in self.players:
            player.open()
        # ⑤ Battle slot by slot from A; the first battle that leaves a life at 0 ends the game.
        for slot in range(SLOTS):
            mine, theirs = first.slots[slot], second.slots[slot]
            assert mine is not None and theirs is not None, "step ② fills every slot"
            outcome = battle(first.deck[mine.card], second.deck[theirs.card])
            for side, player in enumerate(self.players):
                player.after_battle(slot, outcome.loses(side))
            dead = [player.life <= 0 for player in self.players]
            if any(dead):
                return _ending(dead, self.turn)
        for player in self.players:
            player.retire_winners()
        # ⑥ Initiative passes to the other player.
        self.initiative = 1 - self.initiative
        return None

    def play(self) -> Ending:
        while (ending := self.play_turn()) is None:
            pass
        return ending


def deal(sides: Sequence[Policy], orders: Sequence[Sequence[int]], initiative: int) -> Match:
    """A match whose libraries are already in `orders` (after any set-up redo): the first five
    cards of each go to the field, the next five to the hand. Each side is its policy, which
    holds the deck it plays."""
    players = []
    for policy, order in zip(sides, orders, strict=True):
        player = Player(policy.deck, policy, deque(order))
        player.set_up(player.turn_up(SLOTS))
        players.append(player)
    return Match(players, initiative)


def shuffled_order(policy: Policy, rng: random.Random) -> list[int]:
    """The library after the set-up's shuffle and the policy's one optional redo."""
    order = list(range(len(policy.deck)))
    rng.shuffle(order)
    if policy.redo(order[:SLOTS]):
        rng.shuffle(order)
    return order


def play(sides: Sequence[Policy], rng: random.Random) -> Ending:
    """One whole game: shuffle, set up (with redo), random initiative, turns until an ending."""
    orders = [shuffled_order(policy, rng) for policy in sides]
    return deal(sides, orders, rng.randrange(2)).play()
