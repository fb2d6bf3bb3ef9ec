"""What the card search can ask about Blade Rondo cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.fields import NUMBER, Field, facts, flags, folded_aliases, name_field, names

from .schema import KINDS

FIELDS: tuple[Field, ...] = (
    name_field("Name", names()),
    NUMBER,
    Field(
        "kind",
        "tag",
        "Kind",
        facts("kind"),
        ("type", "t", "種類"),
        choices=KINDS,
        examples=("kind=magical",),
    ),
    Field(
        "set",
        "tag",
        "Set deck",
        facts("sets"),
        ("sets", "s", "セット"),
        examples=("set:bladeRondo",),
    ),
    Field(
        "cost",
        "number",
        "Cost",
        facts("cost"),
        ("コスト",),
        column="cost",
        examples=("cost>=3",),
    ),
    Field(
        "is",
        "tag",
        "Flags",
        flags(limited="limited"),
        (),
        choices=("limited",),
        value_aliases=folded_aliases({"リミテッド": "limited"}),
        examples=("is:limited", "-is:limited"),
    ),
)
