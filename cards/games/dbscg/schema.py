"""Dragon Ball Super Card Game card columns (CONTRACT §2)."""

from typing import Any

from cards.games.messages import gettext_noop
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
        Column("number", required=True, label=gettext_noop("Card number")),
        Column("name", required=True, label=gettext_noop("Name")),
        Column("name_back", label=gettext_noop("Name (awakened side)")),
        Column("type", choice(*TYPES, fold_case=True), required=True, label=gettext_noop("Type")),
        Column(
            "colors", list_of(choice(*COLORS, fold_case=True), "/"), label=gettext_noop("Colours")
        ),
        Column("set", label=gettext_noop("Set")),
        Column("rarity", label=gettext_noop("Rarity")),
        Column("power", integer, label=gettext_noop("Power")),
        Column("power_back", integer, label=gettext_noop("Power (awakened side)")),
        Column("energy_cost", number_or("X"), label=gettext_noop("Energy cost")),
        Column(
            "specified_cost", specified_cost, label=gettext_noop("Specified cost (colour letters)")
        ),
        Column("combo_cost", integer, label=gettext_noop("Combo cost")),
        Column("combo_power", integer, label=gettext_noop("Combo power")),
        Column("characters", label=gettext_noop("Characters")),
        Column("traits", list_of(str.strip, "/"), label=gettext_noop("Special traits")),
        Column("era", label=gettext_noop("Era")),
        Column("keywords", list_of(str.strip), label=gettext_noop("Keywords")),
        Column("copy_limit", copy_limit, label=gettext_noop("Copy limit")),
        Column("deck_restriction", list_of(clause_text), label=gettext_noop("Deck restriction")),
        Column("variants", list_of(str.strip), label=gettext_noop("Variants")),
    ),
)
