"""What the card search can ask about Dreadnought cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import NUMBER, Field, facts, folded_aliases, name_field, names, type_field
from cards.games.messages import gettext_noop

from .schema import SIZES, TYPES

FIELDS: tuple[Field, ...] = (
    name_field(gettext_noop("Name or epithet (二つ名)"), names("epithet")),
    NUMBER,
    Field(
        "epithet",
        "tag",
        gettext_noop("Epithet (二つ名)"),
        facts("epithet"),
        ("二つ名",),
        examples=(),
    ),
    Field("version", "tag", gettext_noop("Version"), facts("version"), ("バージョン",)),
    type_field(
        TYPES,
        {"caster": "キャスター", "unit": "ユニット", "code": "コード", "arms": "アームズ"},
        ("種類:ユニット", "type:caster"),
    ),
    Field(
        "cluster",
        "tag",
        gettext_noop("Cluster"),
        facts("cluster"),
        ("c", "color", "colour", "色", "クラスタ", "クラスター"),
        value_aliases=folded_aliases(
            {"red": "赤", "blue": "青", "yellow": "黄", "black": "黒", "green": "緑"}
        ),
        examples=("cluster:青", "cluster=赤赤"),
        note=gettext_noop("A caster's colour, or a card's construction condition"),
    ),
    Field(
        "size",
        "tag",
        gettext_noop("Size"),
        facts("size"),
        ("サイズ",),
        choices=SIZES,
        examples=("size=S",),
    ),
    Field(
        "bp",
        "number",
        gettext_noop("BP"),
        facts("bp"),
        ("power", "p"),
        column="power",
        examples=("bp>=5",),
    ),
    Field("hp", "number", gettext_noop("HP"), facts("hp"), (), examples=("hp>=3",)),
    Field(
        "speed",
        "tag",
        gettext_noop("Speed"),
        facts("speed"),
        ("sp", "スピード"),
        examples=("speed=A",),
    ),
    Field(
        "cost",
        "number",
        gettext_noop("Log cost"),
        facts("log_cost"),
        ("log", "log_cost", "ログ", "ログコスト", "コスト"),
        column="cost",
        examples=("cost<=1",),
    ),
    Field(
        "limit",
        "tag",
        gettext_noop("Deck limit (デッキ構築【…】)"),
        facts("deck_limit"),
        ("deck_limit", "デッキ構築"),
        examples=("limit=10",),
    ),
)

#: Queries in Japanese that find cards of the shipped data, shown on the search help page
#: (tests/i18n/test_pages.py checks that each one finds cards).
JAPANESE_EXAMPLES: tuple[str, ...] = ("種類:キャスター", "色:赤")
