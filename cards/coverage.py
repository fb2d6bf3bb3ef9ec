"""How complete each game's card list is: per set and number series, the numbers known of the
numbers the set has, and the missing ones, so contributors see what to fill.

A set's size comes from `cards/data/<game>/set_sizes.csv` (`set,prefix,size`) where the shipped
data knows it; otherwise the highest number seen is a lower bound ("at least").
"""

from __future__ import annotations

import builtins
import csv
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.core.cache import cache as django_cache
from django.db.models.fields.json import KeyTextTransform

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
        if match and not match["suffix"]:
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


def completeness(game_slug: str, cards: int | None = None) -> Completeness:
    """The game's completeness, recounted when its card count (`cards`, the home page's cached
    `card_counts`) changes, or after a minute; with no count (the editor, which counts no
    cards), after a minute only."""
    key = f"community:completeness:{game_slug}:{'' if cards is None else cards}"
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
