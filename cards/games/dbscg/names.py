"""Japanese names of the characters on DBSCG cards, so Japanese and kana searches find them.

The shipped card names are English (`Son Goku`); Japanese players type 孫悟空, 悟空, ごくう or
ｺﾞｸｳ. `names_ja.csv` (sources in `names_ja.md`) gives each character its Japanese name and
reading; `search_names` adds them to the card's searchable names, where the search folds width and
kana (`text.fold`), so a part of either finds the card.
"""

from __future__ import annotations

import csv
import re
from functools import cache
from pathlib import Path

from cards.games.base import Card

TABLE = Path(__file__).with_name("names_ja.csv")
#: `Son Goku: GT`, `Son Goku : Br`: the era after the character; `Son Goku (Mini)`: its form.
_ERA = re.compile(r"\s*:.*$")
_FORM = re.compile(r"\s*\(.*\)$")


@cache
def japanese_names() -> dict[str, tuple[str, str]]:
    """English character name → (Japanese name, reading in katakana)."""
    with TABLE.open(encoding="utf-8", newline="") as rows:
        return {row["english"]: (row["japanese"], row["reading"]) for row in csv.DictReader(rows)}


def character(value: str) -> str:
    """The character a `characters` value names, without its era or form."""
    return _FORM.sub("", _ERA.sub("", value.strip()))


def characters(card: Card) -> list[str]:
    """The characters of a card, both sides (`A // B`) and every one of a list (`A/B`)."""
    cell = card["characters"] or ""
    return [character(part) for part in re.split(r"/+", cell) if part.strip() not in ("", "-")]


def search_names(card: Card) -> list[str]:
    """A card's names as searched: both sides, then its characters' Japanese names and readings."""
    table = japanese_names()
    found = [card.name, *([card["name_back"]] if card["name_back"] else [])]
    for name in dict.fromkeys(characters(card)):
        found += table.get(name, ())
    return list(dict.fromkeys(found))
