"""How the shipped Dreadnought folder (`cards/data/dreadnought/`) becomes contract rows: its
`cards-known.csv` is a fact sheet (`cards.games.factsheet`), the rules of the conversion are in
`convert`'s docstring and docs/card-data.md."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cards.games.factsheet import Conversion, invented_number, read_sheet, take

from .schema import CASTER

SHEET = "cards-known.csv"

_KEPT = ("product", "abilities_named", "unit_type", "certainty", "source_ids", "notes")


def convert(folder: Path) -> Conversion:
    """`cards-known.csv` of the shipped folder → Dreadnought contract rows.

    - `number`: no printed number is known, so every card gets an invented `DN-K001`…
    - `cluster`: a caster's `cluster`; any other card's `build_condition` without brackets
      (`【赤赤】` → `赤赤`). A card whose condition is not known gets an empty cluster, which the
      contract reads as 【 】 (playable beside any casters), and `cluster` is listed in `inferred`.
    - `?` values (`赤?`, `コード?`, `L?`) are used without the `?` and listed in `inferred`.
    - `sp` → `speed`; `log_cost`, `bp`, `hp` only when a plain number (`≥1 (has a log cost)` is
      kept as `log_cost_note`); `deck_limit` from 「デッキ構築【n】」.
    """
    result = Conversion(SHEET)
    for place, (_line, source) in enumerate(read_sheet(folder / SHEET), start=1):
        inferred: list[str] = []
        card_type = take(inferred, "type", source["card_type"])
        if card_type == CASTER:
            cluster = take(inferred, "cluster", source["cluster"])
        else:
            cluster = take(inferred, "cluster", source["build_condition"])
            if not cluster:
                inferred.append("cluster")
        row: dict[str, Any] = {key: source[key] for key in _KEPT}
        for column, target in (("bp", "bp"), ("hp", "hp"), ("log_cost", "log_cost")):
            value = take(inferred, target, source[column])
            if value.isdigit():
                row[target] = value
            elif value:
                row[f"{target}_note"] = value
        limit = re.search(r"【\s*(\d+)\s*】", source["deck_build_keyword"])
        row |= {
            "number": source["card_number"] or invented_number("DN", place),
            "name": source["name"],
            "epithet": source["epithet"],
            "type": card_type,
            "cluster": cluster,
            "size": take(inferred, "size", source["size"]),
            "speed": take(inferred, "speed", source["sp"]),
            "deck_limit": limit[1] if limit else "",
            "inferred": ";".join(inferred),
        }
        result.rows.append(row)
    return result
