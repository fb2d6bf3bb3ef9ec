"""How the shipped Gundam War folder (`cards/data/gundam_war/`) becomes contract rows: its
`cards-known.csv` is a fact sheet (`cards.games.factsheet`), the rules of the conversion are in
`convert`'s docstring and docs/card-data.md."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from cards.games.factsheet import Conversion, guess, invented_number, read_sheet

from .schema import COLORS, TYPES, UNKNOWN_TYPE
from .sets import printed_code

SHEET = "cards-known.csv"
#: The regulations the deck rules read (`legality.REGULATIONS_FILE`) also say which G is special.
REGULATIONS = "regulations.json"

#: The deck builder's 9-digit card ids open with a colour code (SOURCE-raw.md: supported by the
#: medal cards 『青』…『白』, not confirmed), so a colour read from an id is marked inferred.
ID_COLOURS = {"101": "青", "102": "緑", "103": "黒", "104": "赤", "105": "茶", "106": "白"}
#: The source id of the regulations' G lists (cards/data/gundam_war/SOURCE-pages.md).
G_LISTS_SOURCE = "R1"
#: The regulations' G lists → the invented number series of their cards and their `g_kind`.
G_LISTS = (("basic_g_equivalent", "GW-BG", "basic_equivalent"), ("special_g", "GW-SG", "special"))

#: Gundam War fact-sheet type → contract type (`ACE` is one of DeckLab's, see the schema).
TYPE_NAMES = {**{t: t for t in TYPES}, "GENERATION": "G"}
_KEPT = (
    "rarity",
    "terrain",
    "stats_melee_ranged_hp",
    "char_modifier",
    "traits_raw",
    "certainty",
    "source_ids",
    "notes",
)


def convert(folder: Path) -> Conversion:
    """`cards-known.csv` of the shipped folder → Gundam War contract rows.

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
    - `g_kind` of G cards: `special` or `basic_equivalent` when the folder's `regulations.json` lists the name in
      `special_g` or `basic_g_equivalent` (the same lists the deck rules use), else empty.
    """
    lists = json.loads((folder / REGULATIONS).read_text(encoding="utf-8"))
    special = {item["name"] for item in lists["special_g"]}
    basic_equivalent = {item["name"] for item in lists["basic_g_equivalent"]}
    result = Conversion(SHEET)
    for place, (line, source) in enumerate(read_sheet(folder / SHEET), start=1):
        kind, _ = guess(source["card_type"])
        card_type = TYPE_NAMES.get(kind) if kind else UNKNOWN_TYPE
        if card_type is None:
            result.skipped.append((line, f"type {kind or '(none)'} is not a contract type"))
            continue
        inferred = []
        colour, colour_guessed = guess(source["colour"])
        row: dict[str, Any] = {key: source[key] for key in _KEPT}
        if colour not in COLORS:
            row["color_printed"] = source["colour"]
            colour = ""
        elif colour_guessed:
            inferred.append("color")
        printed = source["card_number"]
        if not printed:
            number = invented_number("GW", place)
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
    result.rows += g_cards(lists, {row["name"] for row in result.rows})
    return result


def g_cards(lists: dict[str, Any], known: set[str]) -> list[dict[str, Any]]:
    """The G cards the regulations name (`basic_g_equivalent`, the G treated as basic, and
    `special_g`) that the sheet does not hold, as contract rows (issue 23: most decks need G).

    Facts only: the name, type G and the list's `g_kind`. No printed number is known: each gets
    `GW-BG01`… or `GW-SG01`… by its place in its list (stable while the lists are appended to);
    the builder's id is kept (`builder_ids`, several for a name printed twice). The colour is read
    from the id's first digits and marked inferred; an id of another colour leaves it empty.
    """
    rows: dict[str, dict[str, Any]] = {}
    for key, prefix, g_kind in G_LISTS:
        for place, item in enumerate(lists[key], start=1):
            name, card_id = item["name"].strip(), str(item["id"])
            if name in known:
                continue
            if name in rows:
                rows[name]["builder_ids"] += f";{card_id}"
                continue
            colour = ID_COLOURS.get(card_id[:3], "")
            rows[name] = {
                "number": f"{prefix}{place:02d}",
                "name": name,
                "type": "G",
                "color": colour,
                "g_kind": g_kind,
                "builder_ids": card_id,
                "certainty": "stated (name and G kind)",
                "source_ids": G_LISTS_SOURCE,
                "inferred": "color" if colour else "",
            }
    return list(rows.values())
