"""A card's fields as pages, rows and the API show them."""

from __future__ import annotations

from typing import Any

from cards.games import base
from cards.games.fields import NAME, NUMBER, Field
from cards.games.registry import get_game
from cards.search.columns import fields


def shown_values(item: Field, card: base.Card, lang: str = "en") -> list[str]:
    """The field's values as a page shows them: Japanese words for English data on Japanese pages."""
    values = [str(v) for v in (item.shown or item.values)(card)]
    if lang == "ja" and item.names_ja:
        values = [item.names_ja.get(value, value) for value in values]
    return values


def _shown(item: Field, card: base.Card, lang: str) -> str:
    return " / ".join(dict.fromkeys(shown_values(item, card, lang)))


def row_columns(game_slug: str) -> list[Field]:
    """The fields a card row shows as columns (`Game.row_columns`), in the game's order."""
    by_name = {item.name: item for item in fields(game_slug)}
    return [by_name[name] for name in get_game(game_slug).row_columns]


def row_values(game_slug: str, card: base.Card, lang: str = "en") -> list[tuple[Field, str]]:
    """(field, shown value) of the card for each row column; "" where the card has none."""
    return [(item, _shown(item, card, lang)) for item in row_columns(game_slug)]


def facts(game_slug: str, card: base.Card, lang: str = "en") -> list[tuple[str, str]]:
    """(label, value) for every field the card has a value for, names and number aside, then its
    other side's name and facts (`Game.back`): what card pages and generated faces show."""
    shown = []
    for item in fields(game_slug):
        if item.name in (NAME, NUMBER.name):
            continue
        value = _shown(item, card, lang)
        if value:
            shown.append((item.label, value))
    back = get_game(game_slug).back
    side = back.of(card) if back else None
    if back and side:
        shown += [(back.label, side[0]), *side[1]]
    return shown


def describe(item: Field) -> dict[str, Any]:
    """A field as the help page and the API show it."""
    return {
        "name": item.name,
        "label": item.label,
        "note": item.note,
        "kind": item.kind,
        "aliases": list(item.aliases),
        "operators": list(item.operators),
        "choices": list(item.choices),
        "examples": list(item.examples),
    }


def known_fields(game_slug: str) -> list[dict[str, Any]]:
    return [describe(item) for item in fields(game_slug)]
