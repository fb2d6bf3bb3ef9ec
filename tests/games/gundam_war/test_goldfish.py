"""Gundam War goldfish goals (RULES.md §3.3, CONTRACT §5)."""

import math

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry


def card(number: str, kind: str = "UNIT", color: str = "青", **data) -> Card:
    return Card(number, f"Card {number}", kind, {"type": kind, "color": color, **data})


DECK = Deck(
    {
        "main": (
            Entry(card("G-blue", "G", "青", g_kind="basic"), 14),
            Entry(card("G-red", "G", "赤", g_kind="basic"), 6),
            Entry(card("U-1"), 3),
            Entry(card("U-2", color="赤"), 27),
        ),
        "side": (),
    }
)
TRIALS = 20_000


def within_four_standard_errors(row: dict) -> bool:
    p = row["exact"]
    return abs(row["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS) + 1e-9


def drawn(**goal) -> dict:
    return {"type": "drawn", "cards": ["U-1"], "at_least": 1, "turn": 3, "play": "first", **goal}


def test_section_3_3_the_first_player_does_not_draw_on_turn_1():
    first, second = goldfish.plan(
        "gundam_war", DECK, [drawn(turn=2), drawn(turn=2, play="second")]
    ).goals
    assert first.drawn_by_turn() == [6, 6, 7]
    assert second.drawn_by_turn() == [6, 7, 8]


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize(
    "goal", [drawn(), drawn(cards=["G-red"], at_least=2, turn=6, play="second")]
)
def test_section_3_3_monte_carlo_drawn_lies_within_four_standard_errors_of_exact(engine, goal):
    result = goldfish.run("gundam_war", DECK, [goal], trials=TRIALS, seed=8, engine=engine)
    for row in [result["results"][0], *result["results"][0]["by_turn"]]:
        assert within_four_standard_errors(row)


def within_four_standard_errors_of(estimate: dict, exact: float) -> bool:
    p = estimate["probability"]
    return abs(p - exact) <= 4 * math.sqrt(exact * (1 - exact) / TRIALS) + 1e-9


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_3_3_mulligans_a_and_b_fire_as_often_as_the_exact_sum_says(engine):
    result = goldfish.run(
        "gundam_war", DECK, [{"type": "mulligan"}], trials=TRIALS, seed=3, engine=engine
    )
    row = result["results"][0]
    assert within_four_standard_errors(row)
    for key in ("mulligan_a_fires", "mulligan_b_fires"):
        assert within_four_standard_errors_of(row[key], row[key]["exact"])


def test_section_3_3_without_mulligan_b_a_hand_is_redrawn_at_most_once():
    prepared = goldfish.plan("gundam_war", DECK, [{"type": "mulligan", "policy": "A"}])
    assert prepared.exacts[0]["fires_b"] == 0
    assert prepared.exacts[0]["fires_a"] == pytest.approx(math.comb(30, 6) / math.comb(50, 6))


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_3_3_g_in_play_at_one_a_turn_by_colour_agrees_with_the_dynamic_programme(engine):
    goal = {"type": "g_in_play", "at_least": 4, "turn": 5, "color": "赤", "color_at_least": 1}
    row = goldfish.run("gundam_war", DECK, [goal], trials=TRIALS, seed=5, engine=engine)["results"][
        0
    ]
    for turn_row in [row, *row["by_turn"]]:
        assert within_four_standard_errors(turn_row)


def test_section_3_3_no_more_g_than_turns_are_in_play():
    goal = {"type": "g_in_play", "at_least": 4, "turn": 3}
    assert goldfish.plan("gundam_war", DECK, [goal]).exacts[0]["probability"] == 0
