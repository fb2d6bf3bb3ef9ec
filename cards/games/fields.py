"""Searchable fields: what the card query language can ask about one game's cards.

Each game lists its fields in its own folder (`<game>/fields.py`, handed to `Game.fields`); the
importer fills the search columns of `Card` from them, the query translator reads them, and the help
page lists them. Pure Python: the helpers here build the usual fields from a game's data columns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from cards.games import base
from cards.games.messages import gettext_noop
from cards.games.text import fold, is_japanese

Kind = Literal["name", "tag", "number", "text"]
Getter = Callable[[base.Card], Iterable[Any]]


@dataclass(frozen=True)
class Field:
    """One searchable fact of a game's cards.

    `kind` decides the operators: `name` and `tag` fields take `:` (contains) and `=` (exactly);
    `number` fields also compare; the `text` field (`TEXT`, every game's) takes a phrase anywhere
    in the card's text. A number field lives in the `column` of `Card` named so (indexed),
    or else under its name in `Card.stats` (a small JSON, cheap to read per row). `value_aliases` maps another spelling of a value (folded)
    to the stored one, so `色:赤` finds `Red`.
    """

    name: str
    kind: Kind
    label: str
    values: Getter
    aliases: tuple[str, ...] = ()
    column: str | None = None
    choices: tuple[str, ...] = ()
    value_aliases: Mapping[str, str] = field(default_factory=dict)
    examples: tuple[str, ...] = ()
    #: What a card page shows, when it differs from what is searched (an `X` cost).
    shown: Getter | None = None
    #: The Japanese word for a stored English value (`Leader` → `リーダー`), shown on Japanese pages.
    #: Data, not a msgid: it is derived from `value_aliases`, the words a player types to search
    #: (`色:青`), so the word a page shows is always one the search accepts; the values are card
    #: data (colours, kinds, set codes), not texts of the code.
    names_ja: Mapping[str, str] = field(default_factory=dict)
    #: What the field means, when the short `label` (a column head, a group or sort menu's option)
    #: cannot say it: shown on the search help page and as the menu option's title.
    note: str = ""

    @property
    def operators(self) -> tuple[str, ...]:
        return (":", "=", "<", "<=", ">", ">=") if self.kind == "number" else (":", "=")


#: Every game's card text, entered by an instance's users (`Card.text`, never shipped): `text:【起動】`,
#: `o:barrier` (as Scryfall's `o:`). No value comes from the card's facts: the text is its own column.
TEXT = Field("text", "text", gettext_noop("Card text"), lambda card: (), ("o", "テキスト"))


def facts(*columns: str, split: str | None = None) -> Getter:
    """The card's values in these data columns (lists flattened, `split` cells cut apart)."""

    def values(card: base.Card) -> list[Any]:
        found: list[Any] = []
        for column in columns:
            value = card[column]
            items = value if isinstance(value, (list, tuple)) else [value]
            for item in items:
                if item is None or item == "":
                    continue
                if split and isinstance(item, str):
                    found += [part.strip() for part in item.split(split) if part.strip()]
                else:
                    found.append(item)
        return found

    return values


def card_number(card: base.Card) -> list[str]:
    return [card.number]


def card_type(card: base.Card) -> list[str]:
    return [card.type] if card.type else []


def names(*more: str) -> Getter:
    others = facts(*more)

    def values(card: base.Card) -> list[str]:
        return [card.name, *others(card)]

    return values


def integers(getter: Getter) -> Getter:
    """Only the whole numbers of a column that may also hold a word (DBSCG's `X` energy cost)."""

    def values(card: base.Card) -> list[int]:
        return [v for v in getter(card) if isinstance(v, int) and not isinstance(v, bool)]

    return values


def flags(**flags: str) -> Getter:
    """`is:` values: the flag word for every true yes/no column."""

    def values(card: base.Card) -> list[str]:
        return [word for column, word in flags.items() if card[column]]

    return values


def folded_aliases(pairs: Mapping[str, str]) -> dict[str, str]:
    return {fold(alias): fold(value) for alias, value in pairs.items()}


def japanese_names(pairs: Mapping[str, str]) -> dict[str, str]:
    """Stored English value → its Japanese alias (the first one given), for Japanese pages.

    The search aliases stay data (a player's words, not a translation in the catalogue): showing
    the first of them keeps the shown and the searched word one."""
    names: dict[str, str] = {}
    for alias, value in pairs.items():
        if is_japanese(alias) and not is_japanese(value):
            names.setdefault(value, alias)
    return names


NAME = "name"
NUMBER = Field(
    "number",
    "tag",
    gettext_noop("Card number"),
    card_number,
    ("no", "番号", "カード番号"),
)


def name_field(label: str, values: Getter) -> Field:
    return Field(NAME, "name", label, values, ("n", "名前", "カード名"))


def type_field(
    choices: tuple[str, ...], value_aliases: Mapping[str, str], examples: tuple[str, ...]
) -> Field:
    """A game's card type, with the Japanese word for each type as a value alias."""
    return Field(
        "type",
        "tag",
        gettext_noop("Card type"),
        card_type,
        ("t", "種類", "タイプ"),
        choices=choices,
        value_aliases=folded_aliases(value_aliases),
        examples=examples,
        names_ja=japanese_names(value_aliases),
    )


def set_field(
    examples: tuple[str, ...],
    value_aliases: Mapping[str, str] | None = None,
    split: str | None = None,
) -> Field:
    """The set (弾) a card is printed in, as the `set` column names it. `value_aliases`: Japanese
    names of set codes (`15弾` → `15th`), searchable and shown on Japanese pages; `split`: a cell
    listing several printings is shown as each of them."""
    aliases = value_aliases or {}
    return Field(
        "set",
        "tag",
        gettext_noop("Set"),
        facts("set"),
        ("s", "弾", "セット"),
        examples=examples,
        value_aliases=folded_aliases(aliases),
        shown=facts("set", split=split) if split else None,
        names_ja=japanese_names(aliases),
    )


def keyword_field(
    examples: tuple[str, ...], value_aliases: Mapping[str, str] | None = None
) -> Field:
    """The card's keywords; `value_aliases`: their Japanese names (`バリア` → `Barrier`),
    searchable and shown on Japanese pages."""
    aliases = value_aliases or {}
    return Field(
        "kw",
        "tag",
        gettext_noop("Keyword"),
        facts("keywords"),
        ("keyword", "keywords", "キーワード"),
        examples=examples,
        value_aliases=folded_aliases(aliases),
        names_ja=japanese_names(aliases),
    )
