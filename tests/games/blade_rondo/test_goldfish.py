"""Blade Rondo goldfish goals (RULES.md §4.1, §4.4, CONTRACT §5)."""

import math

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry

POOL = Deck(
    {
        "pool": tuple(
            Entry(
                Card(f"BR-{i:02d}", f"Sword {i}", "physical", {"cost": i % 5, "kind": "physical"}),
                2,
            )
            for i in range(1, 21)
        )
    }
)
TRIALS = 20_000


def dealt(**goal) -> dict:
    return {"type": "dealt", "cards": ["BR-01"], "at_least": 1, **goal}


def test_section_4_1_fifteen_of_the_forty_cards_are_dealt():
    exact = goldfish.plan("blade_rondo", POOL, [dealt()]).exacts[0]["probability"]
    assert exact == pytest.approx(1 - math.comb(38, 15) / math.comb(40, 15))


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize("goal", [dealt(), dealt(cards=["BR-01", "Sword 2", "BR-03"], at_least=3)])
def test_section_4_1_monte_carlo_dealt_lies_within_four_standard_errors_of_exact(engine, goal):
    row = goldfish.run("blade_rondo", POOL, [goal], trials=TRIALS, seed=10, engine=engine)[
        "results"
    ][0]
    p = row["exact"]
    assert abs(row["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS)


def test_a_pool_too_small_to_deal_from_is_a_goal_error():
    small = Deck({"pool": (Entry(Card("BR-01", "Sword 1", "physical", {}), 2),)})
    with pytest.raises(goldfish.GoalError, match="dealing needs at least 15"):
        goldfish.plan("blade_rondo", small, [dealt()])


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_4_1_the_best_seven_of_fifteen_agree_with_the_exact_distribution(engine):
    goal = {
        "type": "best_hand",
        "scores": {"physical": 1, "BR-01": 5, "Sword 2": 4},
        "score_at_least": 12,
    }
    row = goldfish.run("blade_rondo", POOL, [goal], trials=TRIALS, seed=2, engine=engine)[
        "results"
    ][0]
    p = row["exact"]
    assert abs(row["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS)
    low, high = row["score"]["ci95"]
    assert low - 0.05 <= row["score"]["exact"] <= high + 0.05


def test_section_4_1_with_one_score_for_every_card_the_best_seven_is_fixed():
    goal = {"type": "best_hand", "default_score": 3, "score_at_least": 21}
    exact = goldfish.plan("blade_rondo", POOL, [goal]).exacts[0]
    assert exact == {"hit": 1.0, "mean": 21.0}


# --- voltage -------------------------------------------------------------------------------------


def voltage(**goal) -> dict:
    return {"type": "voltage", "cards": ["BR-04", "BR-03"], "turn": 5, **goal}


def test_section_4_4_voltage_rises_by_one_a_turn_and_bursts_at_nine():
    row = goldfish.run("blade_rondo", POOL, [voltage(turn=12)], trials=100, seed=1)["results"][0]
    table = [(r["voltage"], r["life"]) for r in row["by_turn"]]
    assert table[:9] == [(v, 15) for v in range(1, 10)]
    assert table[9:] == [(9, 14), (9, 13), (9, 12)]


def test_section_4_4_costs_four_and_two_fit_on_turn_four_and_with_the_heartbeat_on_three():
    # Turn budgets 1, 2, 3, 4: the 4 needs turn 4. 鼓動法 (+1 once) makes turn 3's budget 4.
    goal = voltage(cards=["BR-04", "BR-02"])
    first = goldfish.run("blade_rondo", POOL, [goal], trials=100, seed=1)["results"][0]
    second = goldfish.run("blade_rondo", POOL, [{**goal, "play": "second"}], trials=100, seed=1)
    assert first["first_usable_turn"] == 4
    assert second["results"][0]["first_usable_turn"] == 3


def test_section_4_4_the_chance_is_that_of_every_chosen_card_being_dealt():
    exact = goldfish.plan("blade_rondo", POOL, [voltage()]).exacts[0]
    none_of_one = math.comb(38, 15) / math.comb(40, 15)
    none_of_both = math.comb(36, 15) / math.comb(40, 15)
    assert exact["dealt"] == pytest.approx(1 - 2 * none_of_one + none_of_both)
    assert exact["by_turn"] == [0.0, 0.0, 0.0, exact["dealt"], exact["dealt"]]


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_4_4_monte_carlo_voltage_lies_within_four_standard_errors_of_exact(engine):
    goal = voltage(cards=["BR-04", "BR-03", "BR-02"], turn=6)
    row = goldfish.run("blade_rondo", POOL, [goal], trials=TRIALS, seed=4, engine=engine)[
        "results"
    ][0]
    for estimate in (row, row["all_dealt"], *row["by_turn"]):
        p = estimate["exact"]
        assert abs(estimate["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS) + 1e-9


def test_more_cards_than_a_hand_holds_is_a_goal_error():
    with pytest.raises(goldfish.GoalError, match="do not fit in a hand of 7"):
        goldfish.plan("blade_rondo", POOL, [voltage(cards=[f"BR-{i:02d}" for i in range(1, 9)])])
