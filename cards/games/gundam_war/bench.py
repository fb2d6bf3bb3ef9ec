"""Gundam War benchmark scenarios (`GAME.bench`): goldfish goals on a made-up 60-card deck, and a
full deck with its side deck for the legality check."""

from __future__ import annotations

from cards.games.base import Card, Deck, Entry
from cards.games.bench import EngineCase, LegalityDeck, Scenarios


def _deck(size: int = 60) -> Deck:
    return Deck(
        {
            "main": (
                Entry(Card("G1", "Blue G", "G", {"color": "青"}), 16),
                Entry(Card("G2", "Red G", "G", {"color": "赤"}), 8),
                Entry(Card("U1", "Unit", "UNIT", {"color": "青"}), size - 24),
            )
        }
    )


def _legality() -> LegalityDeck:
    rows = [{"number": f"U-{i}", "name": f"U{i}", "type": "UNIT"} for i in range(20)]
    text = (
        "\n".join(f"3 U-{i}" for i in range(16))
        + "\n2 U-16\nSide\n"
        + "\n".join(f"2 U-{i}" for i in range(17, 20))
        + "\n4 U-16"
    )
    return LegalityDeck(rows, text)


def scenarios() -> Scenarios:
    from cards.games import lean as shared

    from . import lean

    deck = _deck()
    return Scenarios(
        engines=(
            EngineCase(
                "gundam_war drawn",
                deck,
                {"type": "drawn", "cards": ["G2"], "turn": 7},
                "5M games/s",
                lean=shared.drawn,
            ),
            EngineCase(
                "gundam_war G in play, 60 cards, 7 turns (count-based)",
                deck,
                {"type": "g_in_play", "at_least": 6, "turn": 7, "color": "赤", "color_at_least": 2},
                "3M games/s",
                lean=lean.g_in_play,
            ),
            EngineCase(
                "gundam_war mulligan A+B",
                deck,
                {"type": "mulligan"},
                "3M games/s",
                lean=lean.mulligan,
            ),
        ),
        legality=_legality(),
    )
