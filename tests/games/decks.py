"""Building decks for rule tests without a database: cards by the dozen, decks by zone."""

from __future__ import annotations

from cards.games.base import Card, Deck, Entry, Violation
from cards.games.registry import get_game


def cards(game: str, rows: list[dict]) -> list[Card]:
    """Cards from rows in the game's card-file columns (CONTRACT §2), parsed by its schema."""
    schema = get_game(game).schema
    return [schema.from_row({key: str(value) for key, value in row.items()}) for row in rows]


def deck(**zones: list[tuple[Card, int]]) -> Deck:
    """A deck from (card, copies) pairs per zone; the same card twice in a zone adds up."""
    built: dict[str, tuple[Entry, ...]] = {}
    for zone, pairs in zones.items():
        counts: dict[str, int] = {}
        by_number = {}
        for card, count in pairs:
            counts[card.number] = counts.get(card.number, 0) + count
            by_number[card.number] = card
        built[zone] = tuple(Entry(by_number[n], c) for n, c in counts.items())
    return Deck(zones=built)


def check(game: str, format_slug: str, built: Deck, data: dict | None = None) -> list[Violation]:
    return get_game(game).format(format_slug).check(built, data)


def codes(game: str, format_slug: str, built: Deck, data: dict | None = None) -> list[str]:
    return [violation.code for violation in check(game, format_slug, built, data)]


def deck_of(game: str, counts: list[int]) -> Deck:
    """A deck of cards T0, T1, … with the given copies, in the game's drawing zone."""
    zone = "pool" if game == "blade_rondo" else "main"
    entries = tuple(
        Entry(Card(f"T{i}", f"Test Card {i}", "Battle", {}), count)
        for i, count in enumerate(counts)
    )
    return Deck({zone: entries})
