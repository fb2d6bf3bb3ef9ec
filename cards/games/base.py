"""The vocabulary every game shares: cards, zones, decks, formats, violations.

This package is pure Python (no Django, no Celery, no PIL): the same objects serve the command line,
the API, the web editor and the simulation workers, and the tests of `tests/games` need no database.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from cards.games import messages


@dataclass(frozen=True, slots=True)
class Card:
    """One card's facts: the contract columns parsed to Python values (`data`), unknown ones kept."""

    number: str
    name: str
    type: str
    data: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    extra: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __getitem__(self, column: str) -> Any:
        return self.data.get(column)

    @property
    def label(self) -> str:
        """How messages name a card: its number and its name."""
        return f"{self.number} {self.name}"


@dataclass(frozen=True, slots=True)
class Zone:
    """A part of a decklist (CONTRACT §1), with the display names a header may use."""

    slug: str
    label: str
    label_ja: str
    aliases: tuple[str, ...] = ()
    #: False for a zone RULES.md does not define for the game (DBSCG's side deck): a decklist's
    #: section is read, kept, shown and exported, never checked, and the validation JSON's
    #: `counts` name it only when it holds cards (CONTRACT §1 lists the checked zones).
    checked: bool = True

    @property
    def header_names(self) -> tuple[str, ...]:
        return (self.slug, self.label, self.label_ja, *self.aliases)


@dataclass(frozen=True, slots=True)
class Entry:
    card: Card
    count: int


@dataclass(frozen=True)
class Deck:
    """A resolved decklist: per zone, the cards and their counts (cards never repeat in a zone)."""

    zones: Mapping[str, tuple[Entry, ...]]

    def entries(self, zone: str | None = None) -> Iterator[Entry]:
        if zone is not None:
            yield from self.zones.get(zone, ())
            return
        for entries in self.zones.values():
            yield from entries

    def size(self, zone: str) -> int:
        return sum(entry.count for entry in self.zones.get(zone, ()))

    def counts(self) -> dict[str, int]:
        return {zone: self.size(zone) for zone in self.zones}

    def quantities(self) -> dict[str, dict[str, int]]:
        """Zone → card number → count: the plain shape stored in versions and deck codes."""
        return {
            zone: {entry.card.number: entry.count for entry in entries}
            for zone, entries in self.zones.items()
        }


@dataclass(frozen=True)
class Violation:
    """One broken rule, with the numbers a player needs to fix it (CONTRACT §4).

    The message is rendered from the catalogue in `messages` at output time, so one violation can
    be shown in English on the command line and in Japanese on the site.
    """

    code: str
    rule: str
    zone: str | None = None
    cards: tuple[str, ...] = ()
    count: int | None = None
    limit: int | None = None
    #: Decklist line the problem is on, for problems in the text itself.
    line: int | None = None
    message_key: str | None = None
    params: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def message(self, lang: str = "en") -> str:
        values = {
            "count": self.count,
            "limit": self.limit,
            "zone": self.zone,
            "line": self.line,
            **self.params,
        }
        return messages.render(self.message_key or self.code, lang, values)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        out: dict[str, Any] = {
            "code": self.code,
            "message": self.message(lang),
            "rule": self.rule,
            "zone": self.zone,
            "cards": list(self.cards),
        }
        if self.count is not None:
            out["count"] = self.count
        if self.limit is not None:
            out["limit"] = self.limit
        if self.line is not None:
            out["line"] = self.line
        return out


#: Game data a rule may need beyond the deck, by key: Blade Rondo's `set_decks`, which users can
#: import (`import_cards blade_rondo --set-decks`). Rules fall back to the shipped data when absent.
GameData = Mapping[str, Any]

Rule = Callable[[Deck, GameData], Iterable[Violation]]


@dataclass(frozen=True)
class Construction:
    """A format built from `kinds` different cards with exactly `copies` of each in `zone` (Blade
    Rondo's free pool, RULES.md §4.3). The editor reads it: a card's copies come and go together,
    and the zone shows its kinds and copies against these numbers."""

    zone: str
    kinds: int
    copies: int

    @property
    def size(self) -> int:
        return self.kinds * self.copies

    def stepped(self, count: int, steps: int) -> int | None:
        """The count after `steps` whole sets of copies up (> 0) or down (< 0), landing on a
        multiple of `copies`; None when a card already holds all its copies and more are asked."""
        if steps > 0:
            if count >= self.copies:
                return None
            return min((count // self.copies + steps) * self.copies, self.copies)
        if steps < 0:
            return max(0, (-(-count // self.copies) + steps) * self.copies)
        return count

    def fits(self, counts: Mapping[str, int]) -> bool:
        """Whether cards (a preset deck, say) already have `copies` each and no more kinds."""
        return len(counts) <= self.kinds and all(n == self.copies for n in counts.values())

    def tally(self, counts: Mapping[str, int]) -> ConstructionTally:
        return ConstructionTally(
            self,
            kinds=sum(1 for n in counts.values() if n),
            cards=sum(counts.values()),
            short=tuple(k for k, n in counts.items() if 0 < n < self.copies),
            over=tuple(k for k, n in counts.items() if n > self.copies),
        )


@dataclass(frozen=True)
class ConstructionTally:
    """Where a zone stands against its `Construction`: kinds and cards, and which cards are off."""

    construction: Construction
    kinds: int
    cards: int
    #: Cards (by the zone's keys) with fewer copies than the construction asks, and with more.
    short: tuple[str, ...]
    over: tuple[str, ...]

    @property
    def kinds_missing(self) -> int:
        return max(0, self.construction.kinds - self.kinds)

    @property
    def kinds_extra(self) -> int:
        return max(0, self.kinds - self.construction.kinds)

    @property
    def complete(self) -> bool:
        return not (self.kinds_missing or self.kinds_extra or self.short or self.over)


@dataclass(frozen=True)
class Format:
    """A format is data: its rules (small functions, parameters bound) and a description."""

    slug: str
    name: str
    rules: tuple[Rule, ...]
    description: str = ""
    #: How the editor helps build it, when the format is kinds × copies (`Construction`).
    construction: Construction | None = None

    def check(self, deck: Deck, data: GameData | None = None) -> list[Violation]:
        game_data = data or {}
        return [violation for rule in self.rules for violation in rule(deck, game_data)]


class CardPool(Protocol):
    """Where a decklist's references are looked up: memory in tests, the database on the site."""

    def by_numbers(self, numbers: Iterable[str]) -> Mapping[str, Card]:
        """Cards by folded number (see `text.fold`); missing numbers are absent."""
        ...

    def by_name_keys(self, keys: Iterable[str]) -> Mapping[str, list[Card]]:
        """Cards by folded name key (see `Game.name_keys`); a key may match several cards."""
        ...

    def by_name_prefix(self, prefixes: Iterable[str], limit: int) -> Mapping[str, list[Card]]:
        """Cards by folded name key, for the keys starting with one of `prefixes`: at most `limit`
        keys per prefix, so a typo's suggestions (`cards.games.suggest`) cost a bounded read."""
        ...
