"""Blade Rondo benchmark scenarios (`GAME.bench`): goldfish goals on a made-up 40-card pool, and
a pool of 20 shipped cards with its dealt cards and hand for the legality check."""

from __future__ import annotations

import csv

from cards.games.base import Card, Deck, Entry
from cards.games.bench import EngineCase, LegalityDeck, Scenarios
from cards.games.game import SHIPPED_DATA, slug_of


def _pool() -> Deck:
    return Deck(
        {"pool": tuple(Entry(Card(f"BR-{i}", f"Sword {i}", "physical", {}), 2) for i in range(20))}
    )


def _legality() -> LegalityDeck:
    path = SHIPPED_DATA / slug_of(__package__ or __name__) / "cards.csv"
    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))[:20]
    text = (
        "Pool\n"
        + "\n".join(f"2 {row['number']}" for row in rows)
        + "\nDealt\n"
        + "\n".join(f"1 {row['number']}" for row in rows[:15])
        + "\nHand\n"
        + "\n".join(f"1 {row['number']}" for row in rows[:7])
    )
    return LegalityDeck(rows, text)


def scenarios() -> Scenarios:
    from cards.games import lean as shared

    from . import lean

    pool = _pool()
    return Scenarios(
        engines=(
            EngineCase(
                "blade_rondo dealt",
                pool,
                {"type": "dealt", "cards": ["BR-0"]},
                "5M games/s",
                lean=shared.drawn,
            ),
            EngineCase(
                "blade_rondo voltage",
                pool,
                {"type": "voltage", "cards": ["BR-1", "BR-2"], "turn": 5},
                "5M games/s",
                lean=lean.voltage,
            ),
            EngineCase(
                "blade_rondo best 7 of 15",
                pool,
                {"type": "best_hand", "scores": {"BR-0": 5, "BR-1": 3}, "default_score": 1},
                lean=lean.best_hand,
            ),
        ),
        legality=_legality(),
    )
