"""Gundam War's dates (RULES.md §6.1): the set release dates of `regulations.json`.

A card came out with its earliest printing whose set has a known date (a printing that stands for
several sets, `DS1` or `EB`, counts from the first of them, as `AllowedSets` allows it when one is
allowed); a card none of whose printings has a date is not checked. A regulation is usable from the
release of its newest allowed set with a date. `PR` (promotion cards) is dated 2011-07-01 by the
source, the last promotion rather than each card's: a regulation allowing `PR` starts then.
"""

from __future__ import annotations

import json
from datetime import date
from functools import cache

from cards.games.base import Card
from cards.games.dates import Dates

from .legality import REGULATION_SLUGS, REGULATIONS_FILE
from .sets import printings, set_codes

#: Dates the source marks as placeholders (SOURCE-raw.md, `setReleaseDates.json`: "CB1 "2103",
#: BG "2109" and `joke` are placeholder dates in the source"): not facts, so not used.
PLACEHOLDERS = frozenset({"CB1", "BG", "joke"})


@cache
def _data() -> dict:
    return json.loads(REGULATIONS_FILE.read_text(encoding="utf-8"))


@cache
def release_dates() -> dict[str, date]:
    """Set code → release date, placeholders left out."""
    return {
        code: date.fromisoformat(day)
        for code, day in _data()["set_release_dates"].items()
        if code not in PLACEHOLDERS
    }


def released(card: Card) -> date | None:
    known = release_dates()
    found = [
        known[code]
        for printing in printings(card["set"])
        for code in set_codes(printing)
        if code in known
    ]
    return min(found, default=None)


@cache
def starts() -> dict[str, date]:
    """Regulation slug → the release of its newest dated allowed set."""
    known = release_dates()
    out = {}
    for regulation in _data()["formats"]:
        dated = [known[code] for code in regulation.get("allowed_sets") or () if code in known]
        if dated:
            out[REGULATION_SLUGS[regulation["name"]]] = max(dated)
    return out


DATES = Dates(
    released=released,
    starts=starts,
    source="cards/data/gundam_war/regulations.json (set_release_dates)",
)
