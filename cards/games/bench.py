"""A game's benchmark scenarios (`Game.bench`): plain data that `manage.py bench` times.

Each game lists its own in `<game>/bench.py`; the timing lives on the site side
(`decklab/tooling/bench/`), which reaches the scenarios through the `GAME` object only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cards.games.base import CardPool, Deck


@dataclass(frozen=True)
class EngineCase:
    """A goldfish goal on a deck, played by the fast engine and by `lean`, the quickest plain
    loop for that goal (games/s of each, `cards/games/lean.py`) and, when the goal has one,
    answered exactly (the time of one answer).

    `lean(goal, rng, trials)` reads the prepared goal and returns its estimate of the figure at
    `figure` in the goal's result (a dotted path: `probability`, `win.probability`).
    """

    name: str
    deck: Deck
    goal: Mapping[str, Any]
    #: What the fast engine should reach, as printed beside the figure ("5M games/s").
    target: str = ""
    #: The cards a goal reads beyond the deck (an opponent's decklist), if any.
    pool: CardPool | None = None
    lean: Callable[[Any, random.Random, int], float] | None = None
    figure: str = "probability"
    fast_trials: int = 400_000
    lean_trials: int = 10_000
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
