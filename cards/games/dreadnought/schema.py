"""Dreadnought card columns (CONTRACT §2)."""

from typing import Any

from cards.games.schema import Column, Schema, choice, copy_limit, integer, pattern

CASTER = "キャスター"
TYPES = (CASTER, "ユニット", "コード", "アームズ")
#: Cluster colours seen on cards (緑 is unconfirmed: data/dreadnought/clusters.csv).
CLUSTERS = "赤青黄黒緑白紫"
ALL_CLUSTERS = "全"
SIZES = ("S", "M", "L")
SPEED_PATTERN = r"(AA|A|B|C)\+*"


def cluster(value: Any) -> str:
    """A caster's colour, or a card's construction condition without brackets (【青青】 → 青青)."""
    raw = str(value).strip().strip("【】[] ").replace(" ", "").replace("　", "")
    if raw == ALL_CLUSTERS or (1 <= len(raw) <= 2 and all(c in CLUSTERS for c in raw)):
        return raw
    raise ValueError(f"{value!r} is not a cluster condition (e.g. 青, 青青, 赤青, 全, or empty)")


SCHEMA = Schema(
    type_column="type",
    columns=(
        Column("number", required=True),
        Column("name", required=True),
        Column("epithet"),
        Column("version"),
        Column("type", choice(*TYPES), required=True),
        Column("cluster", cluster, required=True, empty_ok=True),
        Column("size", choice(*SIZES, fold_case=True)),
        Column("bp", integer),
        Column("hp", integer),
        Column("speed", pattern(SPEED_PATTERN, "a speed (C, C++, B, B++, A, A++, AA …)")),
        Column("log_cost", integer),
        Column("deck_limit", copy_limit),
    ),
)
