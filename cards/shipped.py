"""The card data shipped in `cards/data/`, and its conversion to the contract columns.

DBSCG, Blade Rondo and the DRAWS◎TROIDAL starter set ship in the contract's columns (CONTRACT §2)
and import as they are. The Gundam War and Dreadnought files are fact sheets gathered from fan
pages, in their own columns and with `?` marking an inference; `gundam_war_rows` and
`dreadnought_rows` turn them into contract rows. The rules of each conversion are in their
docstrings and the README ("Shipped card data"). Every source column the contract does not name
is kept as an extra column, and `inferred` lists the contract columns whose value was a `?`
inference, so a card page shows what is only guessed.
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

from cards.games.dreadnought.schema import CASTER
from cards.games.gundam_war.schema import COLORS as GUNDAM_WAR_COLORS
from cards.games.gundam_war.schema import TYPES as GUNDAM_WAR_TYPES
from cards.games.gundam_war.schema import UNKNOWN_TYPE as GUNDAM_WAR_UNKNOWN_TYPE
from cards.games.gundam_war.sets import printed_code
from cards.games.registry import GAMES
from cards.importers import import_cards, import_path, import_set_decks

DATA = Path(__file__).resolve().parent / "data"
INFERENCE = "?"


@dataclass
class Conversion:
    """Contract rows made from a fact sheet, and the sheet's rows that could not become cards."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    #: (line in the source file, reason)
    skipped: list[tuple[int, str]] = field(default_factory=list)

    def to_json(self) -> bytes:
        return json.dumps(self.rows, ensure_ascii=False).encode()


def _read_sheet(path: Path) -> Iterator[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"), newline=""))
    line = 2
    for row in reader:
        yield line, {key: (value or "").strip() for key, value in row.items()}
        line = reader.line_num + 1


def _guess(value: str) -> tuple[str, bool]:
    """A cell without its `?`, and whether it was an inference."""
    return (value[:-1].strip(), True) if value.endswith(INFERENCE) else (value, False)


def _take(inferred: list[str], column: str, value: str) -> str:
    """`_guess`, noting `column` in `inferred` when the value was an inference."""
    plain, guessed = _guess(value)
    if guessed:
        inferred.append(column)
    return plain


def _invented_number(prefix: str, count: int) -> str:
    """A stable id for a card whose printed number is unknown: `DN-K001`, `GW-K001` …

    The count is the row's place in the source file (first data row = 1), so an id never moves
    as long as facts are appended to the file; decklists and saved decks refer to it.
    """
    return f"{prefix}-K{count:03d}"


#: Gundam War fact-sheet type → contract type (`ACE` is one of DeckLab's, see the schema).
GUNDAM_WAR_TYPE_NAMES = {**{t: t for t in GUNDAM_WAR_TYPES}, "GENERATION": "G"}
_GUNDAM_WAR_KEPT = (
    "rarity",
    "terrain",
    "stats_melee_ranged_hp",
    "char_modifier",
    "traits_raw",
    "certainty",
    "source_ids",
    "notes",
)


def gundam_war_rows(sheet: Path, regulations: Path) -> Conversion:
    """`gundam-war/cards-known.csv` → Gundam War contract rows.

    - `number`: printed numbers repeat across colours, so a card with a colour is `colour/number`
      (`青/CH-1`), one without a known colour keeps its printed number (`C-7`), and one without a
      printed number gets an invented `GW-K001`…
    - `color`: the colour, also when inferred (`黒?`); a prefix that is no colour (`デ?`) is kept as
      `color_printed` and the colour left empty.
    - `type`: `GENERATION` → `G`; `ACE` stays; a row with no type gets `UNKNOWN` (a type no
      source gives is not guessed); any other type is skipped and reported.
    - `cost_spec_total_resource` `1-2-1` (or `2/7/2`) → `color_cost` 1, `total_cost` 2, extra
      `resource` 1.
    - `set`: every printing listed, as its set code where one is known (`13弾 烈火の咆哮` → `13th`,
      `SP プロモーションカード` → `PR`; `gundam_war.sets`), else as written; the printed names are
      kept in `printings`.
    - `g_kind` of G cards: `special` or `basic_equivalent` when `regulations.json` lists the name in
      `special_g` or `basic_g_equivalent` (the same lists the deck rules use), else empty.
    """
    lists = json.loads(regulations.read_text(encoding="utf-8"))
    special = {item["name"] for item in lists["special_g"]}
    basic_equivalent = {item["name"] for item in lists["basic_g_equivalent"]}
    result = Conversion()
    for place, (line, source) in enumerate(_read_sheet(sheet), start=1):
        kind, _ = _guess(source["card_type"])
        card_type = GUNDAM_WAR_TYPE_NAMES.get(kind) if kind else GUNDAM_WAR_UNKNOWN_TYPE
        if card_type is None:
            result.skipped.append((line, f"type {kind or '(none)'} is not a contract type"))
            continue
        inferred = []
        colour, colour_guessed = _guess(source["colour"])
        row: dict[str, Any] = {key: source[key] for key in _GUNDAM_WAR_KEPT}
        if colour not in GUNDAM_WAR_COLORS:
            row["color_printed"] = source["colour"]
            colour = ""
        elif colour_guessed:
            inferred.append("color")
        printed = source["card_number"]
        if not printed:
            number = _invented_number("GW", place)
        else:
            number = f"{colour}/{printed}" if colour else printed
        costs = re.fullmatch(r"(\d+)[-/](\d+)[-/](\d+)", source["cost_spec_total_resource"])
        if costs:
            row |= {"color_cost": costs[1], "total_cost": costs[2], "resource": costs[3]}
        printings = [s.strip() for s in source["sets"].split(";") if s.strip()]
        g_kind = ""
        if card_type == "G":
            g_kind = (
                "special"
                if source["name"] in special
                else "basic_equivalent"
                if source["name"] in basic_equivalent
                else ""
            )
        row |= {
            "number": number,
            "printed_number": printed,
            "name": source["name"],
            "type": card_type,
            "color": colour,
            "set": ";".join(printed_code(printing) or printing for printing in printings),
            "printings": "; ".join(printings),
            "g_kind": g_kind,
            "inferred": ";".join(inferred),
        }
        result.rows.append(row)
    return result


_DREADNOUGHT_KEPT = ("product", "abilities_named", "unit_type", "certainty", "source_ids", "notes")


def dreadnought_rows(sheet: Path) -> Conversion:
    """`dreadnought/cards-known.csv` → Dreadnought contract rows.

    - `number`: no printed number is known, so every card gets an invented `DN-K001`…
    - `cluster`: a caster's `cluster`; any other card's `build_condition` without brackets
      (`【赤赤】` → `赤赤`). A card whose condition is not known gets an empty cluster, which the
      contract reads as 【 】 (playable beside any casters), and `cluster` is listed in `inferred`.
    - `?` values (`赤?`, `コード?`, `L?`) are used without the `?` and listed in `inferred`.
    - `sp` → `speed`; `log_cost`, `bp`, `hp` only when a plain number (`≥1 (has a log cost)` is
      kept as `log_cost_note`); `deck_limit` from 「デッキ構築【n】」.
    """
    result = Conversion()
    for place, (_line, source) in enumerate(_read_sheet(sheet), start=1):
        inferred: list[str] = []
        card_type = _take(inferred, "type", source["card_type"])
        if card_type == CASTER:
            cluster = _take(inferred, "cluster", source["cluster"])
        else:
            cluster = _take(inferred, "cluster", source["build_condition"])
            if not cluster:
                inferred.append("cluster")
        row: dict[str, Any] = {key: source[key] for key in _DREADNOUGHT_KEPT}
        for column, target in (("bp", "bp"), ("hp", "hp"), ("log_cost", "log_cost")):
            value = _take(inferred, target, source[column])
            if value.isdigit():
                row[target] = value
            elif value:
                row[f"{target}_note"] = value
        limit = re.search(r"【\s*(\d+)\s*】", source["deck_build_keyword"])
        row |= {
            "number": source["card_number"] or _invented_number("DN", place),
            "name": source["name"],
            "epithet": source["epithet"],
            "type": card_type,
            "cluster": cluster,
            "size": _take(inferred, "size", source["size"]),
            "speed": _take(inferred, "speed", source["sp"]),
            "deck_limit": limit[1] if limit else "",
            "inferred": ";".join(inferred),
        }
        result.rows.append(row)
    return result


def load_all() -> Iterator[str]:
    """Import every shipped file; yields one report line per file."""
    yield str(import_path("dbscg", DATA / "dbscg" / "cards.csv"))
    yield str(import_path("blade_rondo", DATA / "blade-rondo" / "cards.csv"))
    count = import_set_decks("blade_rondo", (DATA / "blade-rondo" / "set_decks.json").read_bytes())
    yield f"blade_rondo: {count} set decks"
    gundam_war = gundam_war_rows(
        DATA / "gundam-war" / "cards-known.csv", DATA / "gundam-war" / "regulations.json"
    )
    yield _converted("gundam_war", gundam_war)
    yield _converted("dreadnought", dreadnought_rows(DATA / "dreadnought" / "cards-known.csv"))
    yield str(import_path("draws_troidal", DATA / "draws-troidal" / "cards.csv"))
    yield from _added_games()


#: The games whose shipped data `load_all` names above, each with its own conversion.
_CONVERTED = ("dbscg", "blade_rondo", "gundam_war", "dreadnought", "draws_troidal")


def _added_games() -> Iterator[str]:
    """Every other registered game: its `cards/data/<slug>/cards.csv` (or `.json`), if shipped,
    in the contract's columns (README "Adding a game")."""
    for slug in GAMES:
        if slug in _CONVERTED:
            continue
        for name in ("cards.csv", "cards.json"):
            if (DATA / slug / name).is_file():
                yield str(import_path(slug, DATA / slug / name))


def _converted(game: str, conversion: Conversion) -> str:
    report = import_cards(game, conversion.to_json(), "cards-known.json")
    skipped = f", {len(conversion.skipped)} fact rows skipped" if conversion.skipped else ""
    return f"{report} (converted from cards-known.csv{skipped})"
