"""What the card search can ask about Dragon Ball Super Card Game cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import (
    NUMBER,
    Field,
    facts,
    folded_aliases,
    integers,
    keyword_field,
    name_field,
    names,
    type_field,
)

from .schema import COLORS, TYPES

FIELDS: tuple[Field, ...] = (
    name_field("Name (either side)", names("name_back")),
    NUMBER,
    type_field(
        TYPES,
        {
            "リーダー": "Leader",
            "バトル": "Battle",
            "エクストラ": "Extra",
            "ユニゾン": "Unison",
        },
        ("type:battle", "type=z-leader", "種類:リーダー"),
    ),
    Field(
        "color",
        "tag",
        "Colour",
        facts("colors"),
        ("c", "colour", "colors", "色"),
        choices=COLORS,
        value_aliases=folded_aliases(
            {
                "赤": "Red",
                "青": "Blue",
                "緑": "Green",
                "黄": "Yellow",
                "黒": "Black",
                "白": "White",
            }
        ),
        examples=("color:red", "-color:black", "色:赤"),
    ),
    Field(
        "cost",
        "number",
        "Energy cost",
        integers(facts("energy_cost")),
        ("e", "energy", "コスト", "エナジー"),
        column="cost",
        shown=facts("energy_cost"),
        examples=("cost<=3", "cost=0"),
    ),
    Field(
        "power",
        "number",
        "Power (front side)",
        facts("power"),
        ("p", "パワー"),
        column="power",
        examples=("power>=15000",),
    ),
    Field(
        "combo",
        "number",
        "Combo power",
        facts("combo_power"),
        ("combo_power", "コンボ", "コンボパワー"),
        examples=("combo>=10000",),
    ),
    Field(
        "combocost",
        "number",
        "Combo cost",
        facts("combo_cost"),
        ("combo_cost", "コンボコスト"),
        examples=("combocost=0",),
    ),
    Field(
        "spec",
        "tag",
        "Specified cost (colour letters)",
        facts("specified_cost"),
        ("specified", "specified_cost", "指定コスト"),
        examples=("spec=RR",),
    ),
    Field("set", "tag", "Set", facts("set"), ("s", "弾", "セット"), examples=("set:BT20",)),
    Field("rarity", "tag", "Rarity", facts("rarity"), ("r", "レアリティ"), examples=("r=scr",)),
    Field(
        "trait",
        "tag",
        "Special trait",
        facts("traits"),
        ("traits", "特徴"),
        examples=("trait:saiyan",),
    ),
    Field(
        "character",
        "tag",
        "Character",
        facts("characters", split="//"),
        ("char", "characters", "キャラ", "キャラクター"),
        examples=("char:goku",),
    ),
    Field("era", "tag", "Era", facts("era", split="//"), ("時代",), examples=("era:broly",)),
    keyword_field(('kw:"super combo"', "kw=barrier")),
)
