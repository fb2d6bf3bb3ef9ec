"""Small invented card sets and users for deck tests (facts made up here, never copied).

DBSCG: one leader, 16 battle cards with energy costs 1–4 and colours, a [Dragon Ball] card, and two
Z-cards: enough for a legal 51-card ZENKAI deck. Dreadnought: four casters and a handful of units.
"""

from __future__ import annotations

import csv
import io

from django.contrib.auth import get_user_model

from cards.importers import import_cards

COLOURS = ("Red", "Blue", "Green", "Yellow")


def _csv(rows: list[dict]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


def dbscg_rows() -> list[dict]:
    base = {
        "colors": "",
        "energy_cost": "",
        "specified_cost": "",
        "keywords": "",
        "traits": "",
        "name_back": "",
        "power_back": "",
    }
    rows = [
        {
            **base,
            "number": "TS1-001",
            "name": "Test Leader Alpha",
            "type": "Leader",
            "colors": "Red",
            "name_back": "Test Leader Alpha Awakened",
            "power_back": "20000",
        }
    ]
    for index in range(1, 17):
        colour = COLOURS[index % 4]
        rows.append(
            {
                **base,
                "number": f"TS1-{index + 1:03d}",
                "name": f"Test Fighter {index}",
                "type": "Battle" if index % 5 else "Extra",
                "colors": colour,
                "energy_cost": str(1 + index % 4),
                "specified_cost": colour[0] if colour != "Blue" else "B",
                "traits": "Saiyan",
            }
        )
    rows.append(
        {
            **base,
            "number": "TS1-050",
            "name": "Test Dragon Ball",
            "type": "Battle",
            "colors": "Red",
            "energy_cost": "1",
            "keywords": "Dragon Ball",
        }
    )
    rows.append(
        {
            **base,
            "number": "TS1-090",
            "name": "Test Z Fighter",
            "type": "Z-Battle",
            "colors": "Red",
            "energy_cost": "2",
        }
    )
    rows.append(
        {**base, "number": "TS1-091", "name": "Test Z Leader", "type": "Z-Leader", "colors": "Red"}
    )
    return rows


def dreadnought_rows() -> list[dict]:
    rows = []
    for index, (name, cluster) in enumerate(
        [("Test Caster Blue", "青"), ("Test Caster Red", "赤"), ("Test Caster Black", "黒")],
        start=1,
    ):
        rows.append(
            {
                "number": f"TD-C{index:02d}",
                "name": name,
                "type": "キャスター",
                "cluster": cluster,
                "size": "",
                "log_cost": "",
            }
        )
    for index in range(1, 14):
        cluster = ("青", "赤", "青赤", "全", "")[index % 5]
        rows.append(
            {
                "number": f"TD-U{index:02d}",
                "name": f"Test Unit {index}",
                "type": "ユニット",
                "cluster": cluster,
                "size": "SML"[index % 3],
                "log_cost": str(index % 4),
            }
        )
    return rows


def load_dbscg() -> None:
    import_cards("dbscg", _csv(dbscg_rows()), "test-dbscg.csv")


def load_dreadnought() -> None:
    import_cards("dreadnought", _csv(dreadnought_rows()), "test-dreadnought.csv")


#: A legal ZENKAI deck of the test cards: 1 leader, 52 main (13 × 4), 2 Z-cards.
LEGAL_DBSCG = {
    "leader": {"TS1-001": 1},
    "main": {f"TS1-{n:03d}": 4 for n in range(2, 15)},
    "zdeck": {"TS1-090": 1, "TS1-091": 1},
}


def make_user(username: str, password: str = "a-long-test-password-42"):
    return get_user_model().objects.create_user(username, f"{username}@example.com", password)
