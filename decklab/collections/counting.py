"""The counting rules of a collection, pure: owned and needed are summed by card identity.

`GAME.identity` (CONTRACT §2) makes an alternate print and a reprint one card for building: a
deck's lines and a collection's rows are both folded by it before anything is compared. Cards a
built deck reserves are not free for another deck; a playset is the game's copy limit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from cards.games.base import Card, Deck
from cards.games.game import Game


@dataclass(frozen=True)
class Need:
    """One card of a deck, by identity: the card as the deck first names it, and the copies all
    its zones ask for."""

    identity: str
    card: Card
    count: int


@dataclass(frozen=True)
class Line:
    """Owned and needed for one card of a deck."""

    need: Need
    owned: int
    #: Copies other built decks hold back.
    reserved: int

    # Named here because templates look `card.number` up as `card["number"]` first (a card's
    # columns), which a card answers with None.
    @property
    def number(self) -> str:
        return self.need.card.number

    @property
    def name(self) -> str:
        return self.need.card.name

    @property
    def needed(self) -> int:
        return self.need.count

    @property
    def free(self) -> int:
        return max(0, self.owned - self.reserved)

    @property
    def missing(self) -> int:
        return max(0, self.need.count - self.free)


def needs(game: Game, deck: Deck) -> list[Need]:
    """The deck's cards folded by identity, in the deck's order."""
    cards: dict[str, Card] = {}
    counts: dict[str, int] = {}
    for entry in deck.entries():
        identity = game.identity(entry.card)
        cards.setdefault(identity, entry.card)
        counts[identity] = counts.get(identity, 0) + entry.count
    return [Need(identity, card, counts[identity]) for identity, card in cards.items()]


def lines(
    needed: Iterable[Need], owned: Mapping[str, int], reserved: Mapping[str, int]
) -> list[Line]:
    return [Line(n, owned.get(n.identity, 0), reserved.get(n.identity, 0)) for n in needed]


def total_missing(deck_lines: Iterable[Line]) -> int:
    return sum(line.missing for line in deck_lines)


def surplus(game: Game, card: Card, owned: int, reserved: int) -> int:
    """Copies beyond what built decks reserve and a playset (the game's copy limit) needs; none
    for a card a deck may hold any number of."""
    playset = game.copy_limit(card)
    if playset is None:
        return 0
    return max(0, owned - reserved - playset)


def add_up(counts: Iterable[tuple[str, int]]) -> dict[str, int]:
    """Counts summed by key (identity)."""
    total: dict[str, int] = {}
    for key, count in counts:
        total[key] = total.get(key, 0) + count
    return total
