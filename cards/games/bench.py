"""A game's benchmark scenarios (`Game.bench`): plain data that `manage.py bench` times.

Each game lists its own in `<game>/bench.py`; the timing lives on the site side
(`decklab/tooling/bench/`), which reaches the scenarios through the `GAME` object only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.games.base import CardPool, Deck


@dataclass(frozen=True)
class EngineCase:
    """A goldfish goal on a deck, played by the fast and the reference engine (games/s of each)
    and, when the goal has one, answered exactly (the time of one answer)."""

    name: str
    deck: Deck
    goal: Mapping[str, Any]
    #: What the fast engine should reach, as printed beside the figure ("5M games/s").
    target: str = ""
    #: The cards a goal reads beyond the deck (an opponent's decklist), if any.
    pool: CardPool | None = None
    fast_trials: int = 400_000
    reference_trials: int = 10_000
    unit: str = "games/s"
    exact: bool = True


@dataclass(frozen=True)
class LegalityDeck:
    """A full deck of the default format, in memory: its cards as contract rows (CONTRACT §2, read
    by the game's schema) and the decklist text."""

    rows: Sequence[Mapping[str, str]]
    text: str


@dataclass(frozen=True)
class Scenarios:
    engines: tuple[EngineCase, ...] = ()
    legality: LegalityDeck | None = None
