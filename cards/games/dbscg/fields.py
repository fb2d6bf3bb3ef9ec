"""What the card search can ask about Dragon Ball Super Card Game cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import (
    NUMBER,
    Field,
    facts,
    folded_aliases,
    integers,
    japanese_names,
    keyword_field,
    name_field,
    set_field,
    type_field,
)
from cards.games.messages import gettext_noop

from .names import search_names
from .schema import COLORS, TYPES

#: Colours by their Japanese names: a search alias, and what Japanese pages show.
COLOR_NAMES = {
    "赤": "Red",
    "青": "Blue",
    "緑": "Green",
    "黄": "Yellow",
    "黒": "Black",
    "白": "White",
    "不明": "Unknown",
}

#: The types by their Japanese names (Z-cards as rule summaries in Japanese write them, Zリーダー).
TYPE_NAMES = {
    "リーダー": "Leader",
    "バトル": "Battle",
    "エクストラ": "Extra",
    "ユニゾン": "Unison",
    "Zリーダー": "Z-Leader",
    "Zバトル": "Z-Battle",
    "Zエクストラ": "Z-Extra",
    "Zユニゾン": "Z-Unison",
}

#: The keywords in katakana, or the word Japanese rules use (覚醒 as the awakened side's 覚醒後):
#: DeckLab's words for the English game's keywords, searchable (`キーワード:バリア`) and shown on
#: Japanese pages. Not card text: each is the keyword's name only.
KEYWORD_NAMES = {
    "ブロッカー": "Blocker",
    "ダブルストライク": "Double Strike",
    "覚醒": "Awaken",
    "バリア": "Barrier",
    "デュアルアタック": "Dual Attack",
    "ユニーク": "Unique",
    "クリティカル": "Critical",
    "スーパーコンボ": "Super Combo",
    "進化": "Evolve",
    "トリプルストライク": "Triple Strike",
    "アルティメット": "Ultimate",
    "アライバル": "Arrival",
    "スパーキング": "Sparking",
    "Z覚醒": "Z-Awaken",
    "合体-フュージョン": "Union-Fusion",
    "スワップ": "Swap",
    "合体-吸収": "Union-Absorb",
    "合体-ポタラ": "Union-Potara",
    "リベンジ": "Revenge",
    "Zスタック": "Z-Stack",
    "イージス": "Aegis",
    "願い": "Wish",
    "ドラゴンボール": "Dragon Ball",
    "ダークドラゴンボール": "Dark Dragon Ball",
}

FIELDS: tuple[Field, ...] = (
    name_field(gettext_noop("Name (either side, or its characters' Japanese names)"), search_names),
    NUMBER,
    type_field(
        TYPES,
        TYPE_NAMES,
        ("type:battle", "type=z-leader", "種類:リーダー"),
    ),
    Field(
        "color",
        "tag",
        gettext_noop("Colour"),
        facts("colors"),
        ("c", "colour", "colors", "色"),
        choices=COLORS,
        value_aliases=folded_aliases(COLOR_NAMES),
        names_ja=japanese_names(COLOR_NAMES),
        examples=("color:red", "-color:black", "色:赤"),
    ),
    Field(
        "cost",
        "number",
        gettext_noop("Energy cost"),
        integers(facts("energy_cost")),
        ("e", "energy", "コスト", "エナジー"),
        column="cost",
        shown=facts("energy_cost"),
        examples=("cost<=3", "cost=0"),
    ),
    Field(
        "power",
        "number",
        gettext_noop("Power (front side)"),
        facts("power"),
        ("p", "パワー"),
        column="power",
        examples=("power>=15000",),
    ),
    Field(
        "combo",
        "number",
        gettext_noop("Combo power"),
        facts("combo_power"),
        ("combo_power", "コンボ", "コンボパワー"),
        examples=("combo>=10000",),
    ),
    Field(
        "combocost",
        "number",
        gettext_noop("Combo cost"),
        facts("combo_cost"),
        ("combo_cost", "コンボコスト"),
        examples=("combocost=0",),
    ),
    Field(
        "spec",
        "tag",
        gettext_noop("Specified cost (colour letters)"),
        facts("specified_cost"),
        ("specified", "specified_cost", "指定コスト"),
        examples=("spec=RR",),
    ),
    set_field(("set:BT20",)),
    Field(
        "rarity",
        "tag",
        gettext_noop("Rarity"),
        facts("rarity"),
        ("r", "レアリティ"),
        examples=("r=scr",),
    ),
    Field(
        "trait",
        "tag",
        gettext_noop("Special trait"),
        facts("traits"),
        ("traits", "特徴"),
        examples=("trait:saiyan",),
    ),
    Field(
        "character",
        "tag",
        gettext_noop("Character"),
        facts("characters", split="//"),
        ("char", "characters", "キャラ", "キャラクター"),
        examples=("char:goku",),
    ),
    Field(
        "era",
        "tag",
        gettext_noop("Era"),
        facts("era", split="//"),
        ("時代",),
        examples=("era:broly",),
    ),
    keyword_field(('kw:"super combo"', "kw=barrier"), KEYWORD_NAMES),
)

#: Queries in Japanese that find cards of the shipped data, shown on the search help page
#: (tests/i18n/test_pages.py checks that each one finds cards).
JAPANESE_EXAMPLES: tuple[str, ...] = ("色:赤 コスト<=2", "種類:リーダー", "弾:BT1")
