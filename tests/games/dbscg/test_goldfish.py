"""Dragon Ball Super Card Game goldfish goals (RULES.md §2.3, CONTRACT §5)."""

import math

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry


def card(number: str, **data) -> Card:
    return Card(number, f"Card {number}", data.pop("type", "Battle"), data)


DECK = Deck(
    {
        "leader": (Entry(card("L-1", type="Leader"), 1),),
        "main": (
            Entry(card("A", energy_cost=2, colors=["Red"]), 4),
            Entry(card("B", energy_cost=4, colors=["Blue"]), 4),
            Entry(card("C", energy_cost=1, colors=["Red"]), 42),
        ),
        "zdeck": (),
    }
)


def within_four_standard_errors(result: dict) -> bool:
    p, trials = result["exact"], 20_000
    return abs(result["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / trials) + 1e-9


def drawn(**goal) -> dict:
    return {"type": "drawn", "cards": ["A"], "at_least": 1, "turn": 3, "play": "first", **goal}


def test_section_2_3_the_first_player_does_not_draw_on_turn_1():
    prepared = goldfish.plan("dbscg", DECK, [drawn(turn=2), drawn(turn=2, play="second")])
    first, second = prepared.goals
    assert first.drawn_by_turn() == [6, 6, 7]
    assert second.drawn_by_turn() == [6, 7, 8]


def test_section_2_3_life_cards_are_not_drawn_so_the_exact_answer_counts_hand_and_draws_only():
    exact = goldfish.plan("dbscg", DECK, [drawn(turn=3)]).exacts[0]["probability"]
    # 6 in hand + 2 draws (first player, turns 2 and 3) from 50 cards holding 4 targets.
    assert exact == pytest.approx(1 - math.comb(46, 8) / math.comb(50, 8))


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize(
    "goal",
    [drawn(), drawn(play="second", turn=5), drawn(cards=["A", "B"], at_least=3, turn=7)],
)
def test_section_2_3_monte_carlo_drawn_lies_within_four_standard_errors_of_exact(engine, goal):
    result = goldfish.run("dbscg", DECK, [goal], trials=20_000, seed=4, engine=engine)
    for row in [result["results"][0], *result["results"][0]["by_turn"]]:
        assert within_four_standard_errors(row)


def test_section_2_1_dragon_balls_by_turn_count_every_dragon_ball_card():
    balls = Deck({"main": (Entry(card("D", keywords=["Dragon Ball"]), 7), Entry(card("C"), 43))})
    goal = {"type": "dragon_balls", "count": 2, "turn": 5}
    exact = goldfish.plan("dbscg", balls, [goal]).exacts[0]["probability"]
    assert exact == pytest.approx(
        1 - sum(math.comb(7, i) * math.comb(43, 10 - i) for i in (0, 1)) / math.comb(50, 10)
    )


def test_a_deck_without_dragon_balls_cannot_count_them():
    with pytest.raises(goldfish.GoalError, match="no \\[Dragon Ball\\]"):
        goldfish.plan("dbscg", DECK, [{"type": "dragon_balls"}])


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_2_3_the_mulligan_keep_rule_agrees_with_its_exact_multivariate_sum(engine):
    goal = {"type": "mulligan", "cards": ["A"], "turn": 2, "return_cost_at_least": 4}
    row = goldfish.run("dbscg", DECK, [goal], trials=20_000, seed=6, engine=engine)["results"][0]
    assert within_four_standard_errors(row)
    assert within_four_standard_errors({**row["mulligan_fires"]})
    assert row["exact"] > row["without_mulligan_exact"]
