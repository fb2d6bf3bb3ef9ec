"""Decklist text (CONTRACT §3): the exports (canonical text, Japanese recipe, Markdown, CSV) and
a card pool in memory. Reading a decklist is `cards.games.intake`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from cards.games.base import Card, Deck, Entry, Zone
from cards.games.game import Game
from cards.games.intake import load
from cards.games.text import natural_key

#: Reading lives in `cards.games.intake`; `load` is named here too for the callers that read and
#: export through this module.
__all__ = ["MemoryPool", "export", "export_as", "export_recipe", "load", "natural_key"]


def _zones_in_order(game: Game, deck: Deck) -> Iterator[tuple[Zone, list[Entry], int]]:
    """Each non-empty zone in the game's order: its entries by number and its size."""
    for zone in game.zones:
        entries = sorted(deck.zones.get(zone.slug, ()), key=lambda e: natural_key(e.card.number))
        if entries:
            yield zone, entries, sum(entry.count for entry in entries)


def _text(blocks: list[str]) -> str:
    return "\n\n".join(blocks) + "\n" if blocks else ""


def export(game: Game, deck: Deck) -> str:
    """The canonical text: a header per non-empty zone, then `N NUMBER NAME` by number."""
    return _text(
        [
            "\n".join(
                [f"{zone.label} ({size})"]
                + [f"{entry.count} {entry.card.number} {entry.card.name}" for entry in entries]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        ]
    )


def export_recipe(game: Game, deck: Deck) -> str:
    """The Japanese recipe players post: `【メイン】50枚`, then `カード名 ×3` per card.

    Cards are listed by number under each zone's Japanese name. The names are the card data's own
    (Japanese wherever the data has them); a name shared by several cards reads back as ambiguous,
    so the canonical `export` stays the text for importing.
    """
    return _text(
        [
            "\n".join(
                [f"【{zone.label_ja}】{size}枚"]
                + [f"{entry.card.name} ×{entry.count}" for entry in entries]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        ]
    )


#: The shapes `export_as` writes: the canonical text, a Japanese recipe, Markdown, CSV.
EXPORT_FORMATS = ("text", "recipe", "markdown", "csv")


def export_as(game: Game, deck: Deck, shape: str) -> str:
    """The deck in one of `EXPORT_FORMATS` (unknown shapes: the canonical text)."""
    if shape == "recipe":
        return export_recipe(game, deck)
    if shape == "markdown":
        return "\n".join(
            "\n".join(
                [
                    f"## {zone.label} ({size})",
                    "",
                    *(f"- {e.count} × {e.card.number} {e.card.name}" for e in entries),
                    "",
                ]
            )
            for zone, entries, size in _zones_in_order(game, deck)
        )
    if shape == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["zone", "count", "number", "name"])
        for zone, entries, _size in _zones_in_order(game, deck):
            writer.writerows([zone.slug, e.count, e.card.number, e.card.name] for e in entries)
        return out.getvalue()
    return export(game, deck)


class MemoryPool:
    """A `CardPool` over cards held in memory (tests, benchmarks, deck codes with card files)."""

    def __init__(self, game: Game, cards: Iterable[Card]):
        self._numbers: dict[str, Card] = {}
        self._names: dict[str, list[Card]] = {}
        for card in cards:
            self._numbers[game.number_key(card.number)] = card
            for key in game.name_keys(card):
                self._names.setdefault(key, []).append(card)

    def by_numbers(self, numbers: Iterable[str]) -> dict[str, Card]:
        return {n: self._numbers[n] for n in numbers if n in self._numbers}

    def by_name_keys(self, keys: Iterable[str]) -> dict[str, list[Card]]:
        return {k: self._names[k] for k in keys if k in self._names}

    def by_name_prefix(self, prefixes: Iterable[str], limit: int) -> dict[str, list[Card]]:
        found: dict[str, list[Card]] = {}
        for start in set(prefixes):
            keys = sorted(key for key in self._names if key.startswith(start))[:limit]
            found.update((key, self._names[key]) for key in keys)
        return found
