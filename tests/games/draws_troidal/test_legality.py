"""RULES.md §5.1: a DRAWS◎TROIDAL beta deck is exactly 60 cards, with no copy limit."""

from __future__ import annotations

import pytest

from tests.games.decks import cards, check, codes, deck

GAME = "draws_troidal"
CARDS = cards(
    GAME,
    [
        {"number": f"DT-{i:02d}", "name": f"札{i}", "attribute": "水", "power": i}
        for i in range(1, 16)
    ],
)


def main_deck(size: int) -> list[tuple]:
    return [(CARDS[i % len(CARDS)], 1) for i in range(size)]


def test_5_1_a_deck_of_exactly_60_is_legal():
    assert codes(GAME, "beta", deck(main=main_deck(60))) == []


@pytest.mark.parametrize("size", [59, 61])
def test_5_1_a_deck_of_59_or_61_is_illegal(size):
    (violation,) = check(GAME, "beta", deck(main=main_deck(size)))
    assert (violation.code, violation.count, violation.limit) == ("zone.size", size, 60)
    assert "§5.1" in violation.rule


def test_5_1_sixty_copies_of_one_card_are_legal():
    assert codes(GAME, "beta", deck(main=[(CARDS[0], 60)])) == []
