"""How the goldfish tests ask for runs: the new-run page's form, a service request, the same run
played in this process, and the task messages the services publish."""

from __future__ import annotations

from cards.games import decklist, goldfish
from cards.games.registry import get_game
from cards.pool import DatabasePool
from decklab.goldfish import services
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS

TRIALS = 3 * goldfish.CHUNK + 1234


def request(user, **changes):
    values = {
        "user": user,
        "game": "dbscg",
        "format": None,
        "decklist": DECKLIST,
        "goals": DRAWN_GOALS,
        "trials": TRIALS,
        "seed": 7,
    }
    values.update(changes)
    return services.simulation_request(**values)


def in_process(trials: int = TRIALS, seed: int = 7) -> dict:
    deck, problems = decklist.load(get_game("dbscg"), DECKLIST, DatabasePool("dbscg"))
    assert problems == []
    return goldfish.run("dbscg", deck, DRAWN_GOALS, trials=trials, seed=seed)


def capture_sends(monkeypatch) -> list[tuple]:
    """The task messages the services publish: (run id, generation, queue, soft, hard limits)."""
    sent: list[tuple] = []

    def apply_async(args, kwargs, queue, soft_time_limit, time_limit, retry_policy):
        sent.append((*args, queue, soft_time_limit, time_limit))

    monkeypatch.setattr("decklab.goldfish.tasks.run_chunks.apply_async", apply_async)
    return sent


def form(**changes) -> dict:
    return {
        "game": "dbscg",
        "format": "zenkai",
        "decklist": DECKLIST,
        "goal": "drawn",
        "drawn-cards": "TST-002, TST-003",
        "drawn-at_least": "1",
        "drawn-turn": "4",
        "drawn-play": "second",
        "trials": "2000",
        "seed": "3",
        **changes,
    }
