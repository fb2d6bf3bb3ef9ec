"""Decklist lines built to make the line patterns backtrack parse like any other line.

A header pattern with adjacent optional spaces split a run of spaces in very many ways (200 spaces
took seconds, 1,000 would take hours), and `N枚` tried a count from every digit of a long run. Each
line here hung the parser before; a run that finishes with the card read is the test.
"""

from __future__ import annotations

import pytest

from cards.games.base import Card
from cards.games.decklist import MemoryPool
from cards.games.intake import parse, read
from cards.games.registry import get_game


@pytest.mark.parametrize(
    "line",
    [
        "a" + " " * 1_000 + "b(",
        "a" + "\t\u3000 " * 1_000 + "b(",
        "9" * 100_000 + "x枚",
        "a" + " (1) " * 10_000 + "b",
        "___" + "a_" * 20_000 + "b",
        "a" + " (x" * 20_000 + ") 1",
        "a" + "1" * 50_000 + "弾",
        "a [" * 20_000 + "b]",
    ],
)
def test_a_hostile_line_is_read_as_one_line_and_the_card_after_it_still_counts(line):
    game = get_game("dbscg")
    pool = MemoryPool(game, [Card("BT1-004", "Destructive Terror Champa", "Battle")])
    found = read(game, "Main\n" + line + "\n4 BT1-004", pool)
    assert found.lines[1].kind in ("note", "problem")
    assert found.deck.quantities()["main"] == {"BT1-004": 4}


@pytest.mark.parametrize(
    ("line", "reading"),
    [
        ("BT1-004   x   4", (4, "BT1-004")),
        ("4\tx\tBT1-004", (4, "BT1-004")),
        ("ガンダム4枚", (4, "ガンダム")),
        ("BT1-004 　4 枚", (4, "BT1-004")),
        ("2  Son   Goku", (2, "Son Goku")),
    ],
)
def test_runs_of_spaces_read_as_one_space(line, reading):
    [card] = parse(get_game("dbscg"), line).lines
    assert (card.quantity, card.reference) == reading
