"""Gundam War card columns (CONTRACT §2)."""

from cards.games.messages import gettext_noop
from cards.games.schema import Column, Schema, choice, copy_limit, integer, list_of

#: The contract's five types, then two of DeckLab's: `ACE` (a unit printed together with its
#: pilot character, as the 2010 champion deck's A-3 and SA-1; played as one card) and `UNKNOWN`
#: for the fact-sheet cards whose type no source gives (CONTRACT §2 lets us extend).
TYPES = ("UNIT", "CHARACTER", "OPERATION", "COMMAND", "G", "ACE", "UNKNOWN")
UNKNOWN_TYPE = "UNKNOWN"
COLORS = ("青", "緑", "黒", "赤", "茶", "白", "紫")
G_KINDS = ("basic", "special", "basic_equivalent")
ONE_PER_DECK = "1枚制限/デッキ"
UNIQUE = "ユニーク"

SCHEMA = Schema(
    type_column="type",
    columns=(
        Column("number", required=True, label=gettext_noop("Card number")),
        Column("name", required=True, label=gettext_noop("Name")),
        Column("model_number", label=gettext_noop("Model number (型番)")),
        Column("type", choice(*TYPES, fold_case=True), required=True, label=gettext_noop("Type")),
        Column("color", choice(*COLORS), label=gettext_noop("Colour")),
        Column("set", label=gettext_noop("Set")),
        Column("g_kind", choice(*G_KINDS, fold_case=True), label=gettext_noop("G kind")),
        Column("keywords", list_of(choice(ONE_PER_DECK, UNIQUE)), label=gettext_noop("Keywords")),
        Column("copy_limit", copy_limit, label=gettext_noop("Copy limit")),
        Column("total_cost", integer, label=gettext_noop("Total cost (合計国力)")),
        Column("color_cost", integer, label=gettext_noop("Colour cost (指定国力)")),
    ),
)
