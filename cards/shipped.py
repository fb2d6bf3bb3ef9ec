"""The card data shipped in `cards/data/<slug>/`, imported game by game from the registry.

A game's folder holds its cards in the contract's columns (`cards.csv` or `cards.json`, CONTRACT
§2), or a fact sheet that the game's own `shipped` conversion turns into them (`<game>/shipped.py`,
`cards.games.factsheet`); a `set_decks.json` beside them is the game's set decks. Importing writes
only what changed (a start with nothing new sends a few queries), and `make run` runs it only
when the data changed (deploy/run.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from cards.games.factsheet import Conversion
from cards.games.game import SHIPPED_DATA, Game
from cards.games.registry import all_games
from cards.importers import import_cards, import_path, import_set_decks

DATA = SHIPPED_DATA
CARD_FILES = ("cards.csv", "cards.json")
SET_DECKS = "set_decks.json"


def load_all() -> Iterator[str]:
    """Import every registered game's shipped folder; yields one report line per file."""
    for game in all_games():
        yield from load_game(game, DATA / game.slug)


def load_game(game: Game, folder: Path) -> Iterator[str]:
    """Import one game's shipped folder (nothing if the game ships none)."""
    if not folder.is_dir():
        return
    if game.shipped is not None:
        yield _converted(game.slug, game.shipped(folder))
    else:
        for name in CARD_FILES:
            if (folder / name).is_file():
                yield str(import_path(game.slug, folder / name))
    if (folder / SET_DECKS).is_file():
        count = import_set_decks(game.slug, (folder / SET_DECKS).read_bytes())
        yield f"{game.slug}: {count} set decks"


def _converted(game: str, conversion: Conversion) -> str:
    as_json = Path(conversion.source).with_suffix(".json").name
    report = import_cards(game, conversion.to_json(), as_json)
    skipped = f", {len(conversion.skipped)} fact rows skipped" if conversion.skipped else ""
    return f"{report} (converted from {conversion.source}{skipped})"
