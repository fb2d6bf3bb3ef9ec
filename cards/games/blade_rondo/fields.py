"""What the card search can ask about Blade Rondo cards (`cards.games.fields`)."""

from __future__ import annotations

from cards.games.base import Card
from cards.games.fields import (
    NUMBER,
    Field,
    facts,
    flags,
    folded_aliases,
    japanese_names,
    name_field,
    names,
)
from cards.games.messages import gettext_noop

from . import legality
from .schema import KINDS

#: The kinds' Japanese words, from the cards' symbols (◆物理 / ◆魔法 / ◆補助 / ◆布石, SOURCE-pages.md):
#: searchable (`種類:魔法`) and shown on Japanese pages.
KIND_WORDS = {
    "物理": "physical",
    "魔法": "magical",
    "補助": "support",
    "布石": "response",
    "複合": "composite",
    "パン": "bread",
}
#: The limited flag as the cards print it (リミテッド).
FLAG_WORDS = {"リミテッド": "limited"}


def _set_names(card: Card) -> list[str]:
    """The card's set decks by their names (`Bread Rondo`), not their keys (`breadRondo`)."""
    names = {deck.key: deck.name for deck in legality.set_decks({})}
    return [names.get(str(key), str(key)) for key in facts("sets")(card)]


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
        value_aliases=folded_aliases(KIND_WORDS),
        examples=("kind=magical",),
        names_ja=japanese_names(KIND_WORDS),
    ),
    Field(
        "set",
        "tag",
        gettext_noop("Set deck"),
        facts("sets"),
        ("sets", "s", "セット"),
        examples=("set:bladeRondo",),
        shown=_set_names,
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
        value_aliases=folded_aliases(FLAG_WORDS),
        names_ja=japanese_names(FLAG_WORDS),
        examples=("is:limited", "-is:limited"),
    ),
)

#: Queries in Japanese that find cards of the shipped data, shown on the search help page
#: (tests/i18n/test_pages.py checks that each one finds cards).
JAPANESE_EXAMPLES: tuple[str, ...] = ("剣",)
