"""Gundam War set codes: printed set names (`1st GUNDAM WAR`, `13弾 烈火の咆哮`, `DS1 決戦!星一号作戦`)
read as the codes the community regulations list (`1st`, `13th`, `DS1_1`), RULES.md §3.2.

A card's `set` cell lists its printings, `;`-separated, as codes or as printed names; a card is
allowed by a regulation when one of its printings is in an allowed set. How a printing is read:

1. a leading word that is a set code (`1st`, `BB2`, `DS1`, `TS3 知略の猛将`), or `N弾` (→ `Nth`);
2. else the printed name, through `cards/data/gundam_war/sets.csv` (name → code);
3. `SP` (promotion cards, as `sets.csv` writes them) is the regulations' `PR`.

A code the regulations split in parts (`DS1` → `DS1_1`, `DS1_2`) stands for any of its parts, and a
series written without its number (`EB`) for any set of the series: the printing cannot say which,
so it is allowed when one of them is. A printing whose code is not known (`ウィナーズブースター01`,
`—` in `sets.csv`) says nothing; a card none of whose printings is known is not checked.
"""

from __future__ import annotations

import csv
import io
import json
import re
from functools import cache

from cards.games.game import SHIPPED_DATA, slug_of
from cards.games.text import fold

DATA = SHIPPED_DATA / slug_of(__package__ or __name__)
#: `sets.csv` and the regulations name the promotion cards differently.
ALIASES = {"SP": "PR"}
_ORDINAL = re.compile(r"^(\d+)弾")
#: The numbered main sets (`1st` … `28th` in the regulations' release dates), with room to spare.
MAIN_SETS = 40
_SERIES = re.compile(r"^([A-Za-z]+)(\d*)$")


def ordinal(number: int) -> str:
    """1 → `1st`, 12 → `12th`, 22 → `22nd`: how the regulations write the main sets."""
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


@cache
def known_codes() -> frozenset[str]:
    """Every set code the regulations know (their release-date list)."""
    data = json.loads((DATA / "regulations.json").read_text(encoding="utf-8"))
    return frozenset(data["set_release_dates"])


@cache
def _names() -> dict[str, str]:
    """Folded printed set name → code, from `sets.csv` (rows whose code is `—` are unknown)."""
    reader = csv.DictReader(io.StringIO((DATA / "sets.csv").read_text(encoding="utf-8-sig")))
    return {fold(row["name"]): row["code"].strip() for row in reader if row.get("name")}


def _parts(code: str) -> frozenset[str]:
    """The regulation codes a printed code may be: itself, its parts (`DS1_1`), or, for a series
    written without its number (`EB`), every numbered set of the series."""
    codes = known_codes()
    code = ALIASES.get(code, code)
    found = {c for c in codes if c == code or c.startswith(f"{code}_")}
    series = _SERIES.match(code)
    if series and not series[2]:
        found |= {c for c in codes if (m := _SERIES.match(c)) and m[1] == code and m[2]}
    return frozenset(found)


def printed_code(printing: str) -> str | None:
    """The code a printing is written with (`13弾 烈火の咆哮` → `13th`, `DS1 …` → `DS1`,
    `SP …` → `PR`), or None when it is not known."""
    text = printing.strip()
    if found := _ORDINAL.match(text):
        return ordinal(int(found[1]))
    head = text.split(" ", 1)[0]
    if _parts(head):
        return ALIASES.get(head, head)
    code = _names().get(fold(text)) or _names().get(fold(text.partition(" ")[2]))
    return ALIASES.get(code, code) if code and code != "—" else None


def set_codes(printing: str) -> frozenset[str]:
    """The regulation codes one printing may stand for; empty when the printing is not known."""
    code = printed_code(printing)
    return _parts(code) if code else frozenset()


def printings(cell: str | None) -> list[str]:
    """The printings a `set` cell lists."""
    return [part.strip() for part in (cell or "").split(";") if part.strip()]
