"""What the card search can ask about DRAWS◎TROIDAL cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import NUMBER, Field, facts, name_field, names
from cards.games.messages import gettext_noop

from .schema import ATTRIBUTES

FIELDS: tuple[Field, ...] = (
    name_field(gettext_noop("Name"), names()),
    NUMBER,
    Field(
        "attr",
        "tag",
        gettext_noop("Attribute"),
        facts("attribute"),
        ("attribute", "属性"),
        choices=ATTRIBUTES,
        examples=("attr:水", "attr=陽"),
    ),
    Field(
        "power",
        "number",
        gettext_noop("Power"),
        facts("power"),
        ("p", "パワー"),
        column="power",
        examples=("power>=5",),
    ),
    Field(
        "risk", "number", gettext_noop("Risk"), facts("risk"), ("リスク",), examples=("risk<=2",)
    ),
    Field("guard", "number", gettext_noop("Guard"), facts("guard"), ("ガード",)),
)
