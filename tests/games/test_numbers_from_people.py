"""Whole numbers typed by people, and card numbers sorted as people read them, never raise."""

from __future__ import annotations

import pytest

from cards.games.decklist import natural_key
from cards.games.text import whole_number


@pytest.mark.parametrize(("text", "number"), [("0", 0), (" 42 ", 42), ("9" * 18, 10**18 - 1)])
def test_ascii_digits_are_a_whole_number(text, number):
    assert whole_number(text) == number


@pytest.mark.parametrize("text", ["", " ", "²", "١٢", "１２", "-1", "+1", "1.5", "1_000", "9" * 19])
def test_anything_else_is_no_whole_number(text):
    assert whole_number(text) is None


def test_card_numbers_sort_by_the_value_of_their_digit_runs():
    numbers = ["BT10-001", "BT1-010", "BT1-009", "EX01-02", "BT１-005"]
    assert sorted(numbers, key=natural_key) == [
        "BT１-005",
        "BT1-009",
        "BT1-010",
        "BT10-001",
        "EX01-02",
    ]


def test_card_numbers_with_huge_or_odd_digit_runs_still_sort():
    numbers = ["²", "BT²", "BT1-" + "0" * 4500 + "2", "1" * 5000, "9"]
    assert sorted(numbers, key=natural_key) == numbers[::-1]
