"""How complete each game's card list is: per set and number series, the numbers known of the
numbers the set has, and the missing ones, so contributors see what to fill.

A set's size comes from `cards/data/<game>/set_sizes.csv` (`set,prefix,size`) where the shipped
data knows it; otherwise the highest number seen is a lower bound ("at least").
"""

from __future__ import annotations

import builtins
import csv
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.core.cache import cache as django_cache
from django.db.models.fields.json import KeyTextTransform

from cards.games.factsheet import is_invented
from cards.models import Card

DATA = Path(__file__).resolve().parent / "data"
#: A card number's series and position: `BT1-` 23, `青/U-` 1, `DT-` 7, `` 12.
_SERIAL = re.compile(r"^(?P<prefix>.*?)(?P<serial>\d+)(?P<suffix>[^\d]*)$")
#: Missing numbers listed per series at most (a page, not a dump).
MAX_MISSING_SHOWN = 200


@dataclass
class Series:
    set: str
    prefix: str
    known: builtins.set[int] = field(default_factory=builtins.set)
    #: From set_sizes.csv, or None (then the highest known number bounds it).
    size: int | None = None
    width: int = 1
    #: Numbers that do not end in digits (promos, `SP`): counted, never "missing".
    others: int = 0
    #: DeckLab's own numbers for cards whose printed number is unknown (`factsheet.is_invented`):
    #: the series says nothing of the set's numbers, so its cards count as `others`.
    invented: bool = False

    @property
    def total(self) -> int:
        return self.size if self.size is not None else max(self.known, default=0)

    @property
    def count(self) -> int:
        return len([n for n in self.known if n <= self.total]) if self.total else 0

    @property
    def missing_count(self) -> int:
        return self.total - self.count

    @property
    def missing(self) -> list[str]:
        """The first `MAX_MISSING_SHOWN` missing numbers: a number like X-999999999 must not make
        a page count to a billion."""
        found: list[str] = []
        n = 0
        while len(found) < min(self.missing_count, MAX_MISSING_SHOWN):
            n += 1
            if n not in self.known:
                found.append(f"{self.prefix}{n:0{self.width}d}")
        return found

    @property
    def percent(self) -> int:
        return round(100 * self.count / self.total) if self.total else 0


@cache
def set_sizes(game_slug: str) -> dict[tuple[str, str], int]:
    path = DATA / game_slug / "set_sizes.csv"
    if not path.exists():
        return {}
    with path.open(encoding="utf-8", newline="") as file:
        return {
            (row["set"].strip(), row["prefix"].strip()): int(row["size"])
            for row in csv.DictReader(file)
        }


def coverage(game_slug: str) -> list[Series]:
    """Every number series of the game's approved cards (and of its known set sizes)."""
    series: dict[tuple[str, str], Series] = {}
    numbers = Card.objects.filter(game=game_slug).values_list(
        "number", KeyTextTransform("set", "data")
    )
    for number, card_set in numbers:
        match = _SERIAL.match(number)
        prefix = match["prefix"] if match and not match["suffix"] else number
        item = series.setdefault((card_set or "", prefix), Series(card_set or "", prefix))
        if is_invented(number):
            item.invented = True
            item.others += 1
        elif match and not match["suffix"]:
            item.known.add(int(match["serial"]))
            item.width = max(item.width, len(match["serial"]))
        else:
            item.others += 1
    for key, size in set_sizes(game_slug).items():
        series.setdefault(key, Series(*key)).size = size
    return sorted(series.values(), key=lambda s: (s.set, s.prefix))


@dataclass(frozen=True)
class Completeness:
    known: int
    total: int
    #: Every series' size is from the shipped data (not a lower bound).
    sizes_known: bool

    @property
    def percent(self) -> int:
        return round(100 * self.known / self.total) if self.total else 0


#: The home page shows every game's completeness: recounted at most this often (seconds).
COMPLETENESS_SECONDS = 60


def completeness_key(game_slug: str, cards: int | None = None) -> str:
    """The cache key of `completeness` (a page that reads several keys asks for them at once)."""
    return f"community:completeness:{game_slug}:{'' if cards is None else cards}"


def completeness(game_slug: str, cards: int | None = None) -> Completeness:
    """The game's completeness, recounted when its card count (`cards`, the home page's cached
    `card_counts`) changes, or after a minute; with no count (the editor, which counts no
    cards), after a minute only."""
    key = completeness_key(game_slug, cards)
    found = django_cache.get(key)
    if found is None:
        found = _completeness(game_slug)
        django_cache.set(key, found, COMPLETENESS_SECONDS)
    return found


def _completeness(game_slug: str) -> Completeness:
    parts = coverage(game_slug)
    return Completeness(
        known=sum(s.count for s in parts),
        total=sum(s.total for s in parts),
        sizes_known=all(s.size is not None for s in parts),
    )


@dataclass(frozen=True)
class Record:
    """What the game's data folder says of its own completeness (`completeness.json`): the cards
    it ships, how many cards the game has when a source says (None: no source does), and a
    summary of what is there and what is not, per language."""

    cards_shipped: int
    cards_in_game: int | None
    summary: dict[str, str]

    def summary_in(self, lang: str) -> str:
        return self.summary.get(lang) or self.summary.get("en", "")


RECORD_FILE = "completeness.json"


@cache
def record(game_slug: str) -> Record | None:
    path = DATA / game_slug / RECORD_FILE
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Record(data["cards_shipped"], data.get("cards_in_game"), dict(data["summary"]))


@dataclass(frozen=True)
class Registered:
    """The editor's and builder's line: the game's cards in the database, against how many the
    game has (None: no source says)."""

    known: int
    total: int | None

    @property
    def incomplete(self) -> bool:
        return self.total is None or self.known < self.total


#: The editor's line of registered cards is recounted at most this often (seconds), and at once
#: after an approved proposal (`forget_registered`): no count query on every editor page.
REGISTERED_SECONDS = 60


def registered_key(game_slug: str) -> str:
    """The cache key of `registered`'s count (a page that reads several keys asks at once)."""
    return f"community:registered:{game_slug}"


def registered(game_slug: str) -> Registered:
    key = registered_key(game_slug)
    known = django_cache.get(key)
    if known is None:
        known = Card.objects.filter(game=game_slug).count()
        django_cache.set(key, known, REGISTERED_SECONDS)
    found = record(game_slug)
    return Registered(known, found.cards_in_game if found else None)


def forget_registered(game_slug: str) -> None:
    django_cache.delete(registered_key(game_slug))
