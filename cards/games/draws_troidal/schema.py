"""DRAWS◎TROIDAL card columns (CONTRACT §2)."""

from cards.games.schema import Column, Schema, choice, integer

#: 水→火→金→木→土→水: each beats the next; 陽 and 陰 destroy each other; 無 has no advantage.
ATTRIBUTES = ("水", "火", "金", "木", "土", "陽", "陰", "無")

SCHEMA = Schema(
    type_column="attribute",
    columns=(
        Column("number", required=True),
        Column("name", required=True),
        Column("attribute", choice(*ATTRIBUTES), required=True),
        Column("power", integer),
        Column("risk", integer),
        Column("guard", integer),
    ),
)
