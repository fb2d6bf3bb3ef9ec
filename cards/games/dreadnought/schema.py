"""Dreadnought card columns (CONTRACT §2)."""

from typing import Any

from cards.games.messages import gettext_noop
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


#: Every condition `cluster` takes, for a form's menu: 全, each colour, each pair (【 】 is empty).
CLUSTER_CHOICES = (ALL_CLUSTERS, *CLUSTERS, *(a + b for a in CLUSTERS for b in CLUSTERS))

SCHEMA = Schema(
    type_column="type",
    columns=(
        Column("number", required=True, label=gettext_noop("Card number")),
        Column("name", required=True, label=gettext_noop("Name")),
        Column("epithet", label=gettext_noop("Epithet (二つ名)")),
        Column("version", label=gettext_noop("Version")),
        Column("type", choice(*TYPES), required=True, label=gettext_noop("Type")),
        Column(
            "cluster",
            cluster,
            required=True,
            empty_ok=True,
            label=gettext_noop("Cluster"),
            choices=CLUSTER_CHOICES,
        ),
        Column("size", choice(*SIZES, fold_case=True), label=gettext_noop("Size")),
        Column("bp", integer, label=gettext_noop("BP")),
        Column("hp", integer, label=gettext_noop("HP")),
        Column(
            "speed",
            pattern(SPEED_PATTERN, "a speed (C, C++, B, B++, A, A++, AA …)"),
            label=gettext_noop("Speed"),
        ),
        Column("log_cost", integer, label=gettext_noop("Log cost")),
        Column("deck_limit", copy_limit, label=gettext_noop("Deck limit (デッキ構築【…】)")),
    ),
)
