"""DREADNOUGHT benchmark scenarios (`GAME.bench`): goldfish goals on a made-up deck of two
casters and 50 units, and a full deck for the legality check."""

from __future__ import annotations

from cards.games.base import Card, Deck, Entry
from cards.games.bench import EngineCase, LegalityDeck, Scenarios

SPEEDS = ("C", "C++", "B", "B++", "A", "A++")
SPEED_MIX = {"A": 10, "B++": 20, "C": 20}


def _deck() -> Deck:
    casters = (
        Entry(Card("C1", "Caster A", "キャスター", {}), 1),
        Entry(Card("C2", "Caster B", "キャスター", {}), 1),
    )
    main = tuple(
        Entry(
            Card(f"D-{i}", f"Unit {i}", "ユニット", {"speed": SPEEDS[i % 6], "log_cost": i % 4}), 4
        )
        for i in range(12)
    )
    return Deck(
        {"casters": casters, "main": (*main, Entry(Card("D-x", "Unit x", "ユニット", {}), 2))}
    )


def _legality() -> LegalityDeck:
    rows = [
        {"number": "C-1", "name": "甲", "type": "キャスター", "cluster": "赤"},
        {"number": "C-2", "name": "乙", "type": "キャスター", "cluster": "青"},
    ]
    rows += [
        {"number": f"K-{i}", "name": f"K{i}", "type": "コード", "cluster": "赤"} for i in range(15)
    ]
    text = "Casters\n1 C-1\n1 C-2\nMain\n" + "\n".join(f"4 K-{i}" for i in range(12)) + "\n2 K-12"
    return LegalityDeck(rows, text)


def scenarios() -> Scenarios:
    from cards.games import lean as shared

    from . import lean

    deck = _deck()
    return Scenarios(
        engines=(
            EngineCase(
                "dreadnought drawn",
                deck,
                {"type": "drawn", "cards": ["D-0"], "turn": 7, "play": "second"},
                "5M games/s",
                lean=shared.drawn,
            ),
            EngineCase(
                "dreadnought speed phase, 7 turns",
                deck,
                {"type": "speed", "turn": 7, "speed_mix": SPEED_MIX},
                lean=lean.speed,
            ),
            EngineCase(
                "dreadnought speed phase with gear change",
                deck,
                {"type": "speed", "turn": 7, "gear_change_below": "B++"},
                lean=lean.speed,
            ),
            EngineCase(
                "dreadnought draws with the mulligan to the discard",
                deck,
                {"type": "draws", "cards": ["D-0"], "turn": 7, "mulligan_log_cost_at_least": 3},
                "3M games/s",
                lean=lean.draws,
            ),
            EngineCase(
                "dreadnought deck-out against a speed mix",
                deck,
                {"type": "deck_out", "speed_mix": SPEED_MIX},
                lean=lean.deck_out,
            ),
        ),
        legality=_legality(),
    )
