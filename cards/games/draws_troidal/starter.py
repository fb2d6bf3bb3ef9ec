"""The shipped starter set (`cards/data/draws-troidal/`) without a database: tests and benchmarks.

The site imports the same `cards.csv` with `load_card_data`; this module reads it straight into a
`MemoryPool` so the engines can be exercised on the sample decks in plain Python.
"""

from __future__ import annotations

import csv
from functools import cache
from pathlib import Path

from cards.games import decklist
from cards.games.base import Card, Deck
from cards.games.registry import get_game

from .legality import GAME

DATA = Path(__file__).resolve().parents[2] / "data" / "draws-troidal"
SAMPLE_DECKS = ("water-fire", "walls", "rainbow")


@cache
def cards() -> tuple[Card, ...]:
    schema = get_game(GAME).schema
    with (DATA / "cards.csv").open(encoding="utf-8", newline="") as handle:
        return tuple(schema.from_row(row) for row in csv.DictReader(handle))


def pool() -> decklist.MemoryPool:
    return decklist.MemoryPool(get_game(GAME), cards())


def sample_text(name: str) -> str:
    """The decklist text of one of `SAMPLE_DECKS`."""
    return (DATA / "decks" / f"{name}.txt").read_text(encoding="utf-8")


def sample_deck(name: str) -> Deck:
    deck, problems = decklist.load(get_game(GAME), sample_text(name), pool())
    if problems:
        raise ValueError(f"sample deck {name}: {problems[0].message()}")
    return deck
