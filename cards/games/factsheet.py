"""Fact sheets: shipped card files gathered from fan pages, in their own columns, with `?` marking
an inference. A game whose shipped folder holds one sets `Game.shipped` to its conversion
(`<game>/shipped.py`), which turns the sheet into contract rows (CONTRACT §2) with these helpers.

Every source column the contract does not name is kept as an extra column, and `inferred` lists the
contract columns whose value was a `?` inference, so a card page shows what is only guessed (under
"Data source", with the sheet's other notes on its sources: `PROVENANCE`).
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cards.games.messages import gettext_noop

INFERENCE = "?"

#: The extra columns the conversions write about where a card's facts come from (the sheet's
#: certainty, source ids and notes, which columns were inferred, the number and colour as the
#: sources wrote them), with their labels: notes on DeckLab's data, not facts of the card, so a card
#: page keeps them apart, folded under "Data source". Every other extra column reads as a fact.
PROVENANCE: dict[str, str] = {
    "certainty": gettext_noop("Certainty"),
    "source_ids": gettext_noop("Sources"),
    "notes": gettext_noop("Notes"),
    "inferred": gettext_noop("Inferred columns"),
    "printed_number": gettext_noop("Number as printed"),
    "color_printed": gettext_noop("Colour as the source wrote it"),
    "builder_ids": gettext_noop("Ids in the deck builder's data"),
}

#: The other columns the shipped sheets keep as extra columns (facts of the card that no search
#: field reads), with their labels, so a Japanese card page does not show the sheets' column names.
#: Any column not listed here (a file's own, CONTRACT §2) shows under its name as it is.
SHEET_COLUMNS: dict[str, str] = {
    "rarity": gettext_noop("Rarity"),
    "printings": gettext_noop("Printings"),
    "terrain": gettext_noop("Terrain"),
    "stats_melee_ranged_hp": gettext_noop("Melee / ranged / HP"),
    "char_modifier": gettext_noop("Character modifiers"),
    "traits_raw": gettext_noop("Traits as written"),
    "resource": gettext_noop("Resource cost"),
    "product": gettext_noop("Product"),
    "abilities_named": gettext_noop("Named abilities"),
    "unit_type": gettext_noop("Unit type"),
    "bp_note": gettext_noop("BP (note)"),
    "hp_note": gettext_noop("HP (note)"),
    "log_cost_note": gettext_noop("Log cost (note)"),
}


@dataclass
class Conversion:
    """Contract rows made from a fact sheet, and the sheet's rows that could not become cards."""

    #: The sheet's file name (`cards-known.csv`), for reports.
    source: str
    rows: list[dict[str, Any]] = field(default_factory=list)
    #: (line in the source file, reason)
    skipped: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> bytes:
        return json.dumps(self.rows, ensure_ascii=False).encode()


def read_sheet(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    """(line in the file, row with every cell stripped) for each data row of a CSV sheet."""
    reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline=""))
    line = 2
    for row in reader:
        yield line, {key: (value or "").strip() for key, value in row.items()}
        line = reader.line_num + 1


def guess(value: str) -> tuple[str, bool]:
    """A cell without its `?`, and whether it was an inference."""
    return (value[:-1].strip(), True) if value.endswith(INFERENCE) else (value, False)


def take(inferred: list[str], column: str, value: str) -> str:
    """`guess`, noting `column` in `inferred` when the value was an inference."""
    plain, guessed = guess(value)
    if guessed:
        inferred.append(column)
    return plain


#: The numbers DeckLab gives cards whose printed number no source gives: `invented_number`'s
#: `DN-K001`, and Gundam War's G of the regulations, `GW-BG01` and `GW-SG01` (`gundam_war.shipped`).
INVENTED = re.compile(r"[A-Z]{2}-(?:K\d{3}|BG\d{2}|SG\d{2})")


def is_invented(number: str) -> bool:
    """Whether a card number is one DeckLab invented: it says nothing of which numbers the game's
    sets have (the coverage page counts these cards, never a number "missing" beside them)."""
    return INVENTED.fullmatch(number) is not None


def invented_number(prefix: str, count: int) -> str:
    """A stable id for a card whose printed number is unknown: `DN-K001`, `GW-K001` …

    The count is the row's place in the source file (first data row = 1), so an id never moves
    as long as facts are appended to the file; decklists and saved decks refer to it.
    """
    return f"{prefix}-K{count:03d}"
