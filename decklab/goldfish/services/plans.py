"""A run's plan: the deck resolved against the card database and the goals prepared for it."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext_noop

from cards import limits
from cards.decklists import DecklistTooLarge, card_pool, decklist_load
from cards.games import goldfish
from cards.games.base import GameData
from cards.games.goldfish import GoalError, Plan
from cards.pool import game_data
from decklab.goldfish.models import SimulationRun

#: Decklist problems listed in a refusal; the rest are counted.
_SHOWN_PROBLEMS = 5


def build_plan(game: str, decklist: str, goals: Any, data: GameData | None = None) -> Plan:
    """The deck resolved against the card database and the goals prepared with the game's
    imported data (`data`, else read now); `GoalError` if not."""
    try:
        deck, problems = decklist_load(game=game, text=decklist)
        limits.check_deck(deck.quantities())
    except DecklistTooLarge as error:
        raise GoalError(error.text) from None
    except limits.TooLarge as error:
        raise GoalError(str(error)) from None
    if problems:
        raise goldfish.problems_error(
            gettext_noop("The decklist has problems: %(problems)s%(more)s"),
            problems,
            _SHOWN_PROBLEMS,
        )
    if not any(True for _ in deck.entries()):
        raise GoalError(gettext_noop("The decklist holds no cards."))
    return goldfish.plan(
        game, deck, goals, pool=card_pool(game), data=game_data(game) if data is None else data
    )


def run_plan(run: SimulationRun) -> Plan:
    """A worker plans each run once, not once per chunk (runs never change once created), and
    again when the game's imported data has changed since (Blade Rondo's set decks)."""
    data = json.dumps(game_data(run.game), sort_keys=True)
    return _cached_plan(run.game, run.decklist, json.dumps(run.goals, sort_keys=True), data)


@lru_cache(maxsize=16)
def _cached_plan(game: str, decklist: str, goals: str, data: str) -> Plan:
    # Keyed by content, not by run id: ids can come back after a database reset.
    return build_plan(game, decklist, json.loads(goals), json.loads(data))
