"""DBSCG benchmark scenarios (`GAME.bench`): goldfish goals on a made-up 50-card deck, and a full
ZENKAI deck for the legality check."""

from __future__ import annotations

from cards.games.base import Card, Deck, Entry
from cards.games.bench import EngineCase, LegalityDeck, Scenarios

COLOURS = (["Red"], ["Blue"], ["Red", "Blue"], ["Green"])


def _card(i: int) -> Card:
    facts = {
        "energy_cost": i % 7,
        "specified_cost": "RB" if i == 3 else "",
        "colors": COLOURS[i % 4],
    }
    return Card(f"BT-{i}", f"Card {i}", "Battle", facts)


def _deck() -> Deck:
    counts = [4] * 12 + [2] * 6
    return Deck({"main": tuple(Entry(_card(i), count) for i, count in enumerate(counts))})


def _legality() -> LegalityDeck:
    rows = [{"number": "L-1", "name": "Leader", "type": "Leader"}]
    rows += [{"number": f"B-{i}", "name": f"B{i}", "type": "Battle"} for i in range(15)]
    text = "Leader\n1 L-1\nMain\n" + "\n".join(f"4 B-{i}" for i in range(15))
    return LegalityDeck(rows, text)


def scenarios() -> Scenarios:
    from cards.games import lean as shared

    from . import lean

    deck = _deck()
    return Scenarios(
        engines=(
            EngineCase(
                "dbscg drawn",
                deck,
                {"type": "drawn", "cards": ["BT-0"], "turn": 7},
                "5M games/s",
                lean=shared.drawn,
            ),
            EngineCase(
                "dbscg mulligan keep rule",
                deck,
                {"type": "mulligan", "cards": ["BT-0"], "turn": 7},
                "3M games/s",
                lean=lean.mulligan,
            ),
            EngineCase(
                "dbscg energy on curve (RB specified)",
                deck,
                {"type": "energy_curve", "card": "BT-3", "turn": 7},
                "3M games/s",
                lean=lean.energy_curve,
            ),
            EngineCase(
                "dbscg turns until deck-out with life taken",
                deck,
                {"type": "deck_out", "life_taken": {"0": 1, "1": 2, "2": 1}},
                lean=lean.deck_out,
                lean_trials=40_000,
            ),
        ),
        legality=_legality(),
    )
