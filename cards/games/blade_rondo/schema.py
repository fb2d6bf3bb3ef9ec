"""Blade Rondo card columns (CONTRACT §2)."""

from cards.games.schema import Column, Schema, choice, flag, integer, list_of

KINDS = ("physical", "magical", "support", "response", "composite", "bread")

SCHEMA = Schema(
    type_column="kind",
    columns=(
        Column("number", required=True),
        Column("name", required=True),
        Column("kind", choice(*KINDS, fold_case=True), required=True),
        Column("sets", list_of(str.strip)),
        Column("cost", integer),
        Column("limited", flag),
    ),
)
