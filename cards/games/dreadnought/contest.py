"""The Dreadnought speed phase and draw phase against an opponent, card by card (RULES.md §1.3).

Seed 000 wins over RULES.md: both players turn up the top card as the speed card; the faster SP is
first for the turn (C < C++ < B < B++ < A < A++ < AA: more `+` is faster within the letter, never
reaching the next letter); equal speed is a speed burn (both cards to the discard, turn up again).
One gear change a turn: discard the speed card and set a hand card instead. Then the first player
draws 1 and the second 2, each sets 1 burst from hand; the speed card is discarded at the end
phase and the hand is cut to 7. An empty deck is replaced by the HP cards; a player with no HP
card left has both casters at HP 0 and loses.

What is modelled beyond the seed (and documented in docs/goldfish.md): the cards a player uses are
the cards of one uniform shuffle (hand 7, then the deck, then the HP cards when the deck is empty;
the opening burst is never seen); only the player of the goal makes gear changes, setting the
fastest hand card when it is faster than the speed card; the burst set each turn and the end-phase
discards are the slowest hand cards (the fast ones are kept for gear changes); a card without SP is
slower than C.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from cards.games.messages import Refusal, gettext_noop, shown_value

OPENING_HAND = 7
OPENING_BURSTS = 1
HAND_LIMIT = 7
#: Speed letters from slow to fast (the seed's order, read right to left).
LETTERS = ("C", "B", "A", "AA")
_SPEED = re.compile(r"(AA|A|B|C)(\+*)")

#: Per-turn status of a game, from the player's side.
FIRST, SECOND, OVER = 0, 1, 2
#: How a game ended: not yet, the player ran out of cards (lost), the opponent did (won), both.
PLAYING, LOST, WON, DRAWN = 0, 1, 2, 3


@dataclass(frozen=True, order=True)
class Speed:
    """An SP value: its letter's rank (−1 for a card without SP), then its number of `+`."""

    letter: int
    plus: int = 0

    @classmethod
    def parse(cls, text: Any) -> Speed:
        """`B++` → Speed(1, 2); an empty value is a card without SP, slower than C."""
        if text is None or str(text).strip() == "":
            return cls(-1)
        match = _SPEED.fullmatch(str(text).strip().upper())
        if match is None:
            raise Refusal(
                gettext_noop("%(value)s is not a speed (C, C++, B, B++, A, A++, AA …)."),
                value=shown_value(text),
            )
        return cls(LETTERS.index(match[1]), len(match[2]))

    def __str__(self) -> str:
        return "no SP" if self.letter < 0 else LETTERS[self.letter] + "+" * self.plus


@dataclass(frozen=True)
class Player:
    """One side's main deck as cards per speed class (slow to fast), and its HP cards."""

    counts: tuple[int, ...]
    hp: int

    @property
    def size(self) -> int:
        return sum(self.counts)

    @property
    def cards(self) -> int:
        """Cards that can be turned up or drawn: the whole deck but the opening burst."""
        return self.size - OPENING_BURSTS

    @property
    def deck_cards(self) -> int:
        """Cards used before the deck is empty (hand included); later ones are HP cards."""
        return self.size - OPENING_BURSTS - self.hp


@dataclass(frozen=True)
class Contest:
    """The turns to play: against `opponent` when `play` is `speed`, else with a fixed order.

    `gear_below` is a speed class: the player changes gear when the speed card is of a slower
    class (only while second when `gear_when` is `second`); None never changes gear.
    `mulligan` cards of the opening hand (the slowest) go to the discard and are redrawn.
    """

    me: Player
    opponent: Player | None
    play: str
    turns: int
    gear_below: int | None = None
    gear_when: str = "second"
    mulligan: int = 0

    def speed_opponent(self) -> Player:
        """The opposing deck a `speed` contest races (its goal requires one)."""
        assert self.opponent is not None, "a speed contest needs an opponent"
        return self.opponent

    def reference(self, rng: random.Random) -> Record:
        """One game in plain Python: the specification of `fast`."""
        record = Record.empty(self.turns, 1)
        me = _Side(self.me, rng)
        them = _Side(self.speed_opponent(), rng) if self.play == "speed" else None
        for _ in range(self.mulligan):
            me.hand.remove(min(me.hand))
        for _ in range(self.mulligan):
            me.draw()  # the deck holds at least 7 cards: a mulligan never runs out
        ending = PLAYING
        for turn in range(self.turns):
            if ending == PLAYING:
                first, burns, ending = self._speed_phase(me, them)
                record.burns[turn, 0] = burns
                if ending == PLAYING:
                    ending = self._draw_phase(me, them, first)
                    record.status[turn, 0] = FIRST if first else SECOND
                    me.hand.remove(min(me.hand))  # set 1 burst
                    while len(me.hand) > HAND_LIMIT:  # end phase
                        me.hand.remove(min(me.hand))
            if ending != PLAYING:
                record.status[turn, 0] = OVER
            record.used[turn, 0] = me.used
            record.ending[turn, 0] = ending
        return record

    def _speed_phase(self, me: _Side, them: _Side | None) -> tuple[bool, int, int]:
        """Who is first, how many speed burns, and how the game ended if a side ran out."""
        if them is None:
            me.flip()
            return self.play == "first", 0, LOST if me.empty else PLAYING
        burns, mine, theirs = 0, me.flip(), them.flip()
        changed = False
        while True:
            ending = int(_out(me.empty, them.empty))
            if ending != PLAYING:
                return False, burns, ending
            if mine == theirs:  # speed burn: both to the discard, turn up again
                burns += 1
                mine, theirs = me.flip(), them.flip()
                continue
            if not changed and self._wants_gear_change(mine, theirs) and me.hand:
                changed = True
                fastest = max(me.hand)
                if fastest > mine:
                    me.hand.remove(fastest)
                    mine = fastest
                    continue
            return mine > theirs, burns, PLAYING

    def _wants_gear_change(self, mine: int, theirs: int) -> bool:
        if self.gear_below is None or mine >= self.gear_below:
            return False
        return self.gear_when == "slower" or mine < theirs

    def _draw_phase(self, me: _Side, them: _Side | None, first: bool) -> int:
        """The first player draws 1, then the second 2 (the opponent's cards only count)."""
        order = [(me, 1), (them, 2)] if first else [(them, 1), (me, 2)]
        for side, draws in order:
            if side is None:
                continue
            for _ in range(draws):
                if not side.draw():
                    return LOST if side is me else WON
        return PLAYING

    def fast(self, rng: np.random.Generator, games: int) -> Record:
        """`games` games played one after another in compiled code (`_play`); the same rules
        as `reference`, step for step, with each card dealt when it is first used."""
        record = Record.empty(self.turns, games)
        them = self.opponent if self.play == "speed" else None
        _play(
            _cards(self.me),
            _cards(them) if them is not None else np.zeros(0, dtype=np.int64),
            self.me.cards,
            them.cards if them is not None else 0,
            self.play == "first",
            -1 if self.gear_below is None else self.gear_below,
            self.gear_when == "slower",
            self.mulligan,
            len(self.me.counts),
            rng,
            record.status,
            record.burns,
            record.used,
            record.ending,
        )
        return record


def _cards(player: Player) -> np.ndarray:
    return np.repeat(np.arange(len(player.counts), dtype=np.int64), player.counts)


def _out(mine_empty: Any, theirs_empty: Any) -> Any:
    """The ending once sides have used their last card (works on bools and on arrays)."""
    return np.where(
        mine_empty, np.where(theirs_empty, DRAWN, LOST), np.where(theirs_empty, WON, PLAYING)
    )


@dataclass
class Record:
    """Per turn (rows) and game (columns): status, speed burns, cards used, how the game stands."""

    status: np.ndarray
    burns: np.ndarray
    used: np.ndarray
    ending: np.ndarray

    @classmethod
    def empty(cls, turns: int, games: int) -> Record:
        return cls(
            status=np.full((turns, games), OVER, dtype=np.int8),
            burns=np.zeros((turns, games), dtype=np.int16),
            used=np.zeros((turns, games), dtype=np.int16),
            ending=np.zeros((turns, games), dtype=np.int8),
        )

    @classmethod
    def join(cls, records: list[Record]) -> Record:
        return cls(
            *(np.concatenate([getattr(r, name) for r in records], axis=1) for name in _FIELDS)
        )


_FIELDS = ("status", "burns", "used", "ending")


class _Side:
    """One player's cards in the reference engine: a shuffled list, dealt from the front."""

    def __init__(self, player: Player, rng: random.Random):
        cards = [kind for kind, n in enumerate(player.counts) for _ in range(n)]
        rng.shuffle(cards)
        self.cards = cards[: player.cards]  # the last card is the opening burst
        self.hand = self.cards[:OPENING_HAND]
        self.used = OPENING_HAND

    def flip(self) -> int:
        """Turn up the next card: the deck's, then an HP card's once the deck is empty."""
        self.used += 1
        return self.cards[self.used - 1]

    def draw(self) -> bool:
        """Draw a card; False when it was the last (both casters are at HP 0)."""
        self.hand.append(self.flip())
        return not self.empty

    @property
    def empty(self) -> bool:
        return self.used == len(self.cards)


# ---------------------------------------------------------------------------------------------
# The compiled games: one at a time, each card drawn uniformly from those not yet used when it is
# first used (a Fisher–Yates shuffle stopped where the game stops); the hand as counts per class.


@numba.njit(cache=True)
def _play(mine, theirs, mine_length, theirs_length, play_first, gear_below, gear_slower,
          mulligan, classes, rng, status, burns, used, ending):  # fmt: skip
    """`dealt` counts the cards a side has used; `read` those whose class the game looks at,
    which are the only ones dealt from the shuffle: speed cards always, the player's hand only
    when a gear change or the mulligan reads it. A card nobody reads changes nothing that is
    read later (the cards of a uniform shuffle are exchangeable)."""
    opponent = theirs.size > 0
    track = gear_below >= 0 or mulligan > 0
    hand = np.zeros(classes, dtype=np.int64)
    for game in range(status.shape[1]):
        hand[:] = 0
        dealt = dealt_theirs = OPENING_HAND
        read = read_theirs = 0
        if track:
            for _ in range(OPENING_HAND):
                hand[_deal(mine, read, rng)] += 1
                read += 1
            for _ in range(mulligan):
                _discard_slowest(hand)
            for _ in range(mulligan):
                hand[_deal(mine, read, rng)] += 1
                read += 1
        dealt += mulligan
        over = PLAYING
        for turn in range(status.shape[0]):
            if over == PLAYING:
                first = play_first
                burned = 0
                if not opponent:
                    dealt += 1  # the speed card: only its place in the deck counts
                    if dealt == mine_length:
                        over = LOST
                else:
                    changed = False
                    a = b = 0
                    flip = True
                    while True:
                        if flip:  # both turn up their next card
                            a = _deal(mine, read, rng)
                            b = _deal(theirs, read_theirs, rng)
                            read += 1
                            read_theirs += 1
                            dealt += 1
                            dealt_theirs += 1
                            flip = False
                        over = _ending(dealt == mine_length, dealt_theirs == theirs_length)
                        if over != PLAYING:
                            first = False
                            break
                        if a == b:  # speed burn: both to the discard, turn up again
                            burned += 1
                            flip = True
                            continue
                        if not changed and a < gear_below and (gear_slower or a < b):
                            changed = True
                            fastest = _fastest(hand)
                            if fastest > a:
                                hand[fastest] -= 1
                                a = fastest
                                continue
                        first = a > b
                        break
                burns[turn, game] = burned
                if over == PLAYING:
                    # The first player draws 1, then the second 2.
                    for step in range(2):
                        mine_draws = (step == 0) == first
                        if not mine_draws and not opponent:
                            continue
                        for _ in range(1 if step == 0 else 2):
                            if mine_draws:
                                if track:
                                    hand[_deal(mine, read, rng)] += 1
                                    read += 1
                                dealt += 1
                                if dealt == mine_length:
                                    over = LOST
                                    break
                            else:
                                dealt_theirs += 1
                                if dealt_theirs == theirs_length:
                                    over = WON
                                    break
                        if over != PLAYING:
                            break
                    status[turn, game] = FIRST if first else SECOND
                    if track and over == PLAYING:
                        _discard_slowest(hand)  # set 1 burst
                        while hand.sum() > HAND_LIMIT:  # end phase
                            _discard_slowest(hand)
            if over != PLAYING:
                status[turn, game] = OVER
            used[turn, game] = dealt
            ending[turn, game] = over


@numba.njit(cache=True, inline="always")
def _deal(cards, dealt, rng):
    """The card at place `dealt` of the shuffle: one drawn from the places not yet dealt."""
    pick = dealt + np.int64(rng.random() * (cards.size - dealt))
    card = cards[pick]
    cards[pick] = cards[dealt]
    cards[dealt] = card
    return card


@numba.njit(cache=True, inline="always")
def _ending(mine_empty, theirs_empty):
    if mine_empty:
        return DRAWN if theirs_empty else LOST
    return WON if theirs_empty else PLAYING


@numba.njit(cache=True, inline="always")
def _fastest(hand):
    for kind in range(hand.size - 1, -1, -1):
        if hand[kind] > 0:
            return kind
    return -1


@numba.njit(cache=True, inline="always")
def _discard_slowest(hand):
    for kind in range(hand.size):
        if hand[kind] > 0:
            hand[kind] -= 1
            return
