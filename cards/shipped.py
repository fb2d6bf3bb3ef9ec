"""The card data shipped in `cards/data/`, and its conversion to the contract columns."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cards.importers import import_path, import_set_decks

DATA = Path(__file__).resolve().parent / "data"


def load_all() -> Iterator[str]:
    """Import every shipped file; yields one report line per file."""
    yield str(import_path("dbscg", DATA / "dbscg" / "cards.csv"))
    yield str(import_path("blade_rondo", DATA / "blade-rondo" / "cards.csv"))
    count = import_set_decks("blade_rondo", (DATA / "blade-rondo" / "set_decks.json").read_bytes())
    yield f"blade_rondo: {count} set decks"
