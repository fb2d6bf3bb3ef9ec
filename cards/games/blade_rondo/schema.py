"""Blade Rondo card columns (CONTRACT §2)."""

from cards.games.messages import gettext_noop
from cards.games.schema import Column, Schema, choice, flag, integer, list_of

KINDS = ("physical", "magical", "support", "response", "composite", "bread")

SCHEMA = Schema(
    type_column="kind",
    columns=(
        Column("number", required=True, label=gettext_noop("Card number")),
        Column("name", required=True, label=gettext_noop("Name")),
        Column("kind", choice(*KINDS, fold_case=True), required=True, label=gettext_noop("Kind")),
        Column("sets", list_of(str.strip), label=gettext_noop("Set decks")),
        Column("cost", integer, label=gettext_noop("Cost")),
        Column("limited", flag, label=gettext_noop("Limited (リミテッド)")),
    ),
)
