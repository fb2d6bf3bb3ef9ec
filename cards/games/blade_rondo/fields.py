"""What the card search can ask about Blade Rondo cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import NUMBER, Field, facts, flags, folded_aliases, name_field, names
from cards.games.messages import gettext_noop

from .schema import KINDS

FIELDS: tuple[Field, ...] = (
    name_field(gettext_noop("Name"), names()),
    NUMBER,
    Field(
        "kind",
        "tag",
        gettext_noop("Kind"),
        facts("kind"),
        ("type", "t", "種類"),
        choices=KINDS,
        examples=("kind=magical",),
    ),
    Field(
        "set",
        "tag",
        gettext_noop("Set deck"),
        facts("sets"),
        ("sets", "s", "セット"),
        examples=("set:bladeRondo",),
    ),
    Field(
        "cost",
        "number",
        gettext_noop("Cost"),
        facts("cost"),
        ("コスト",),
        column="cost",
        examples=("cost>=3",),
    ),
    Field(
        "is",
        "tag",
        gettext_noop("Flags"),
        flags(limited="limited"),
        (),
        choices=("limited",),
        value_aliases=folded_aliases({"リミテッド": "limited"}),
        examples=("is:limited", "-is:limited"),
    ),
)
