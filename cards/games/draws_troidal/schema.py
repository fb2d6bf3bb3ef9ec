"""DRAWS◎TROIDAL card columns (CONTRACT §2)."""

from cards.games.messages import gettext_noop
from cards.games.schema import Column, Schema, choice, integer

#: 水→火→金→木→土→水: each beats the next; 陽 and 陰 destroy each other; 無 has no advantage.
ATTRIBUTES = ("水", "火", "金", "木", "土", "陽", "陰", "無")

SCHEMA = Schema(
    type_column="attribute",
    columns=(
        Column("number", required=True, label=gettext_noop("Card number")),
        Column("name", required=True, label=gettext_noop("Name")),
        Column("attribute", choice(*ATTRIBUTES), required=True, label=gettext_noop("Attribute")),
        Column("power", integer, label=gettext_noop("Power")),
        Column("risk", integer, label=gettext_noop("Risk")),
        Column("guard", integer, label=gettext_noop("Guard")),
    ),
)
