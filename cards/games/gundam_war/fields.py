"""What the card search can ask about Gundam War cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import (
    NUMBER,
    Field,
    facts,
    folded_aliases,
    japanese_names,
    keyword_field,
    name_field,
    set_field,
    type_field,
)
from cards.games.messages import gettext_noop

from .schema import COLORS, G_KINDS, TYPES
from .sets import MAIN_SETS, ordinal

#: The main sets as the Japanese printings number them (`13弾 烈火の咆哮`, `15弾` in the shipped
#: sheet; `3弾 宇宙の記憶` in source G16): the data's `3rd`, `15th` read so on Japanese pages, and
#: `弾:15弾` searches them.
SET_WORDS = {f"{number}弾": ordinal(number) for number in range(1, MAIN_SETS + 1)}

#: The G kinds as Japanese players call them (基本G, 特殊G; a card the rules count as a basic G).
G_KIND_NAMES = {"基本G": "basic", "特殊G": "special", "基本G扱い": "basic_equivalent"}

FIELDS: tuple[Field, ...] = (
    name_field(
        gettext_noop("Name (with or without model number)"),
        lambda card: [card.name, *facts("model_number")(card)],
    ),
    NUMBER,
    Field(
        "model",
        "tag",
        gettext_noop("Model number (型番)"),
        facts("model_number"),
        ("model_number", "型番"),
        examples=("model:RX-78",),
    ),
    type_field(
        TYPES,
        {
            "ユニット": "UNIT",
            "キャラクター": "CHARACTER",
            "キャラ": "CHARACTER",
            "オペレーション": "OPERATION",
            "コマンド": "COMMAND",
            "ジェネレーション": "G",
            "generation": "G",
            "エース": "ACE",
            "不明": "UNKNOWN",
        },
        ("type:unit", "種類:ユニット"),
    ),
    Field(
        "color",
        "tag",
        gettext_noop("Colour"),
        facts("color"),
        ("c", "colour", "色"),
        choices=COLORS,
        value_aliases=folded_aliases(
            {
                "blue": "青",
                "green": "緑",
                "black": "黒",
                "red": "赤",
                "brown": "茶",
                "white": "白",
                "purple": "紫",
            }
        ),
        examples=("色:青", "color:blue"),
    ),
    set_field(("set:1st",), SET_WORDS, split=";"),
    Field(
        "g",
        "tag",
        gettext_noop("G kind"),
        facts("g_kind"),
        ("g_kind", "gkind"),
        choices=G_KINDS,
        value_aliases=folded_aliases(G_KIND_NAMES),
        names_ja=japanese_names(G_KIND_NAMES),
        examples=("g=special",),
    ),
    keyword_field(("kw:ユニーク",)),
    Field(
        "cost",
        "number",
        gettext_noop("Total cost"),
        facts("total_cost"),
        ("total", "total_cost", "合計コスト", "コスト"),
        column="cost",
        examples=("cost<=3",),
    ),
    Field(
        "colorcost",
        "number",
        gettext_noop("Colour cost"),
        facts("color_cost"),
        ("color_cost", "色コスト"),
        examples=("colorcost>=2",),
    ),
)

#: Queries in Japanese that find cards of the shipped data, shown on the search help page
#: (tests/i18n/test_pages.py checks that each one finds cards).
JAPANESE_EXAMPLES: tuple[str, ...] = ("ガンダム", "色:青", "アムロ")
