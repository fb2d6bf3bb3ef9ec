"""Dragon Ball Super Card Game card columns (CONTRACT §2)."""

from typing import Any

from cards.games.schema import (
    Column,
    Schema,
    choice,
    copy_limit,
    integer,
    list_of,
    number_or,
    pattern,
)

from .restriction import clause_text

TYPES = ("Leader", "Battle", "Extra", "Unison", "Z-Leader", "Z-Battle", "Z-Extra", "Z-Unison")
Z_TYPES = tuple(t for t in TYPES if t.startswith("Z-"))
#: `Unknown` marks the few shipped cards whose colour no source gives.
COLORS = ("Red", "Blue", "Green", "Yellow", "Black", "White", "Unknown")
#: Letters of the specified (colour) cost, and the colour each stands for.
#: W (White) and X (as many as the X energy cost) appear on a few cards beside the contract's five.
COST_LETTERS = {"R": "Red", "B": "Blue", "G": "Green", "Y": "Yellow", "K": "Black", "W": "White"}
_COST = pattern(r"[RBGYKWX]+", "colour letters (R B G Y K, also W and X)")


def specified_cost(value: Any) -> str | None:
    """Colour letters; a lone dash, as card lists print for "no specified cost", means none."""
    raw = str(value).strip()
    return None if raw in {"-", "‐", "−", "–"} else _COST(raw)


SCHEMA = Schema(
    type_column="type",
    columns=(
        Column("number", required=True),
        Column("name", required=True),
        Column("name_back"),
        Column("type", choice(*TYPES, fold_case=True), required=True),
        Column("colors", list_of(choice(*COLORS, fold_case=True), "/")),
        Column("set"),
        Column("rarity"),
        Column("power", integer),
        Column("power_back", integer),
        Column("energy_cost", number_or("X")),
        Column("specified_cost", specified_cost),
        Column("combo_cost", integer),
        Column("combo_power", integer),
        Column("characters"),
        Column("traits", list_of(str.strip, "/")),
        Column("era"),
        Column("keywords", list_of(str.strip)),
        Column("copy_limit", copy_limit),
        Column("deck_restriction", list_of(clause_text)),
        Column("variants", list_of(str.strip)),
    ),
)
