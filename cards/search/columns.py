"""The search columns of `Card`: what the importer stores for a card, and the game's fields."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from cards.games import base
from cards.games.fields import TEXT, Field
from cards.games.registry import get_game
from cards.games.text import fold
from cards.models import Card


def fields(game_slug: str) -> tuple[Field, ...]:
    """The searchable fields of a game (its `fields.py`) and every game's card text;
    `UnknownGame` for a slug not in the registry."""
    return (*get_game(game_slug).search_fields, TEXT)


_SEPARATOR = "|"


def _tag_text(value: Any) -> str:
    return fold(str(value)).replace(_SEPARATOR, "/")


def index_columns(game_slug: str, card: base.Card) -> dict[str, Any]:
    """The search columns of `Card` for one card: folded names, folded `|field:value|` tags,
    the indexed integer columns (`cost`, `power`) and the other numbers (`stats`)."""
    names: list[str] = []
    tags: list[str] = []
    numbers: dict[str, int | None] = {"cost": None, "power": None}
    stats: dict[str, int] = {}
    for item in fields(game_slug):
        values = list(item.values(card))
        if item.kind == "name":
            names += [_tag_text(v) for v in values]
        elif item.kind == "tag":
            tags += [f"{item.name}:{_tag_text(v)}" for v in values]
        elif values and item.column:
            numbers[item.column] = int(values[0])
        elif values:
            stats[item.name] = int(values[0])
    return {
        "number_order": number_order(card.number),
        "number_folded": _tag_text(card.number),
        "name_folded": _wrap(dict.fromkeys(names)),
        "tags": _wrap(dict.fromkeys(tags)),
        "stats": stats,
        **numbers,
    }


def number_order(number: str) -> str:
    """A key that sorts card numbers as people do: BT1-023 before BT10-001 (digit runs padded).

    Cut to its column's length: padding can make a valid 64-character number several times longer,
    which PostgreSQL refuses; past the first runs the order hardly matters.
    """
    padded = re.sub(r"\d+", lambda digits: digits[0].zfill(8), fold(number))
    return padded[: Card._meta.get_field("number_order").max_length]


def _wrap(values: Iterable[str]) -> str:
    """`|a|b|`: every value between separators, so a LIKE can match one value exactly."""
    joined = _SEPARATOR.join(values)
    return f"{_SEPARATOR}{joined}{_SEPARATOR}" if joined else ""
