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

import numpy as np

from cards.games.messages import Refusal, gettext_noop, shown_value
from cards.games.sim import Urn, deal_counts

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
        """`games` games at once with numpy; the same rules as `reference`, step for step."""
        record = Record.empty(self.turns, games)
        me = _Sides(self.me, rng, games, track_hand=self.gear_below is not None)
        them = _Sides(self.speed_opponent(), rng, games) if self.play == "speed" else None
        everyone = np.ones(games, dtype=bool)
        for _ in range(self.mulligan):
            me.discard_slowest(everyone)
        for _ in range(self.mulligan):
            me.draw(everyone)
        ending = np.zeros(games, dtype=np.int8)
        for turn in range(self.turns):
            playing = ending == PLAYING
            first, burns = self._fast_speed_phase(me, them, playing, ending)
            record.burns[turn] = burns
            playing &= ending == PLAYING
            self._fast_draw_phase(me, them, first, playing, ending)
            record.status[turn] = np.where(first, FIRST, SECOND)
            if me.hand is not None:
                playing &= ending == PLAYING
                me.discard_slowest(playing)  # set 1 burst
                me.discard_slowest(playing & (me.hand.sum(axis=1) > HAND_LIMIT))
            record.status[turn][ending != PLAYING] = OVER
            record.used[turn] = me.used
            record.ending[turn] = ending
        return record

    def _fast_speed_phase(
        self, me: _Sides, them: _Sides | None, playing: np.ndarray, ending: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        burns = np.zeros(len(playing), dtype=np.int64)
        if them is None:
            _, left = me.flip(playing)
            ending[playing & ~left] = LOST
            return np.full(len(playing), self.play == "first"), burns
        mine = np.zeros(len(playing), dtype=np.int64)
        theirs = np.zeros(len(playing), dtype=np.int64)
        active = playing.copy()
        _flip_both(me, them, active, mine, theirs, ending)
        _burn(me, them, active, mine, theirs, ending, burns)
        if self.gear_below is not None:
            wants = active & (mine < self.gear_below)
            if self.gear_when == "second":
                wants &= mine < theirs
            fastest = me.fastest()
            change = wants & (fastest > mine)
            assert me.hand is not None  # tracked whenever gear_below is set
            me.hand[change, fastest[change]] -= 1
            mine[change] = fastest[change]
            _burn(me, them, active, mine, theirs, ending, burns)
        return mine > theirs, burns

    def _fast_draw_phase(
        self,
        me: _Sides,
        them: _Sides | None,
        first: np.ndarray,
        playing: np.ndarray,
        ending: np.ndarray,
    ) -> None:
        steps = [(me, 1, first), (them, 2, first), (them, 1, ~first), (me, 2, ~first)]
        for side, draws, whose in steps:
            if side is None:
                continue
            for _ in range(draws):
                drawing = playing & whose & (ending == PLAYING)
                left = side.draw(drawing)
                ending[drawing & ~left] = LOST if side is me else WON


def _out(mine_empty: Any, theirs_empty: Any) -> Any:
    """The ending once sides have used their last card (works on bools and on arrays)."""
    return np.where(
        mine_empty, np.where(theirs_empty, DRAWN, LOST), np.where(theirs_empty, WON, PLAYING)
    )


def _flip_both(me, them, active, mine, theirs, ending) -> None:
    card, left_me = me.flip(active)
    other, left_them = them.flip(active)
    mine[active] = card[active]
    theirs[active] = other[active]
    out = _out(~left_me, ~left_them)
    ending[active] = out[active]
    active &= ending == PLAYING


def _burn(me, them, active, mine, theirs, ending, burns) -> None:
    """Speed burns until the speed cards differ or a side runs out.

    Burn chains are short in most games and long in a few: each round touches only the games
    still burning, by index.
    """
    games = np.flatnonzero(active & (mine == theirs))
    while games.size:
        burns[games] += 1
        card, left_me = me.flip_at(games)
        other, left_them = them.flip_at(games)
        mine[games] = card
        theirs[games] = other
        out = _out(~left_me, ~left_them)
        ending[games] = out
        playing = out == PLAYING
        active[games[~playing]] = False
        games = games[playing & (card == other)]


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
            burns=np.zeros((turns, games), dtype=np.int64),
            used=np.zeros((turns, games), dtype=np.int64),
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


class _Sides:
    """One player's cards in `games` games, dealt only where they are read (`sim.Urn`).

    Speed cards are always looked at; drawn cards only when the hand is tracked (gear changes,
    mulligans, bursts), else a draw just counts a card used. Which card comes next never depends
    on unread cards, so this plays the same games as dealing the whole shuffle up front.
    """

    def __init__(self, player: Player, rng: np.random.Generator, games: int, track_hand=False):
        self.urn = Urn(rng, player.counts, games)
        self.length = player.cards
        self.used = np.full(games, OPENING_HAND, dtype=np.int64)
        self.hand: np.ndarray | None = None
        if track_hand:
            opening = deal_counts(rng, player.counts, OPENING_HAND, games)
            self.urn.take(opening)
            self.hand = np.ascontiguousarray(opening.T)
            # Where each game's row starts in the flat hand: one scatter adds a card per game.
            self.rows = np.arange(games) * len(player.counts)

    def flip(self, where: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Turn up the next card where asked; and where cards are left after it.

        A game ends as soon as a side takes its last card, so no side is asked for more.
        """
        card = self.urn.look(where)
        self.used += where
        return card, self.used < self.length

    def flip_at(self, games: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """`flip` for the games at these indices only: their cards, and whether cards are left."""
        card = self.urn.look_at(games)
        self.used[games] += 1
        return card, self.used[games] < self.length

    def draw(self, where: np.ndarray) -> np.ndarray:
        if self.hand is None:
            self.used += where
            return self.used < self.length
        card, left = self.flip(where)
        self.hand.reshape(-1)[self.rows + card] += where
        return left

    def fastest(self) -> np.ndarray:
        """The fastest class in each hand (−1 for an empty hand)."""
        assert self.hand is not None, "fastest() needs track_hand"
        present = np.asarray(self.hand > 0)
        last = present.shape[1] - 1 - np.argmax(present[:, ::-1], axis=1)
        return np.where(present.any(axis=1), last, -1)

    def discard_slowest(self, where: np.ndarray) -> None:
        if self.hand is None:
            return
        slowest = np.argmax(self.hand > 0, axis=1)
        self.hand.reshape(-1)[self.rows + slowest] -= where
