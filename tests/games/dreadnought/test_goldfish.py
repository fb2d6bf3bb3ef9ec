"""Dreadnought goldfish goals (RULES.md §1.3, CONTRACT §5)."""

import math

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry


def card(number: str, kind: str = "ユニット", **data) -> Card:
    return Card(number, f"Card {number}", kind, {"type": kind, **data})


DECK = Deck(
    {
        "casters": (Entry(card("C-1", "キャスター", hp=3), 1), Entry(card("C-2", "キャスター"), 1)),
        "main": (
            Entry(card("U-A", speed="A"), 4),
            Entry(card("U-B", speed="B"), 16),
            Entry(card("U-C", speed="C"), 30),
        ),
    }
)
TRIALS = 20_000


def within_four_standard_errors(row: dict) -> bool:
    p = row["exact"]
    return abs(row["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS) + 1e-9


def drawn(**goal) -> dict:
    return {"type": "drawn", "cards": ["U-A"], "at_least": 1, "turn": 3, "play": "first", **goal}


def test_contract_5_seven_plus_two_cards_a_turn_first_and_three_second():
    first, second = goldfish.plan("dreadnought", DECK, [drawn(), drawn(play="second")]).goals
    assert first.drawn_by_turn() == [7, 9, 11, 13]
    assert second.drawn_by_turn() == [7, 10, 13, 16]


def test_section_1_3_hp_cards_and_the_opening_burst_are_not_drawn():
    exact = goldfish.plan("dreadnought", DECK, [drawn(turn=1)]).exacts[0]["probability"]
    # 9 drawn cards out of all 50: the 6 HP cards and the burst only change positions.
    assert exact == pytest.approx(1 - math.comb(46, 9) / math.comb(50, 9))


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize("goal", [drawn(), drawn(cards=["U-B"], at_least=4, turn=4, play="second")])
def test_section_1_3_monte_carlo_drawn_lies_within_four_standard_errors_of_exact(engine, goal):
    result = goldfish.run("dreadnought", DECK, [goal], trials=TRIALS, seed=9, engine=engine)
    for row in [result["results"][0], *result["results"][0]["by_turn"]]:
        assert within_four_standard_errors(row)
