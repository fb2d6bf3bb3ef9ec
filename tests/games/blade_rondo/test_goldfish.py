"""Blade Rondo goldfish goals (RULES.md §4.1, §4.4, CONTRACT §5)."""

import json
import math

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry
from cards.games.game import SHIPPED_DATA
from tests.games.shipped import read

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


def test_the_pool_s_imported_set_deck_says_how_many_are_dealt():
    cards = {f"Sword {i}": 2 for i in range(1, 21)}
    data = {"set_decks": {"mine": {"name": "Mine", "dealt": 12, "cards": cards}}}
    exact = goldfish.plan("blade_rondo", POOL, [dealt()], data=data).exacts[0]["probability"]
    assert exact == pytest.approx(1 - math.comb(38, 12) / math.comb(40, 12))


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


def test_section_4_1_one_score_for_every_card_is_refused_as_a_fixed_best_seven():
    goal = {"type": "best_hand", "scores": {}, "default_score": 3, "score_at_least": 21}
    with pytest.raises(goldfish.GoalError, match="always score the same"):
        goldfish.plan("blade_rondo", POOL, [goal])


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


# RULES.md §4.2.2: the goldfish deals the set deck's count (Bread Rondo: 10 of its 24 cards) -----


def set_deck_pool(key: str) -> Deck:
    """A shipped set deck written as a decklist by card name and read against the shipped cards."""
    cards = json.loads(
        (SHIPPED_DATA / "blade_rondo" / "set_decks.json").read_text(encoding="utf-8")
    )
    text = "\n".join(f"{count} {name}" for name, count in cards[key]["cards"].items())
    deck, problems = read("blade_rondo", text)
    assert problems == []
    return deck


def test_section_4_2_2_bread_rondo_deals_10_of_24():
    pool = set_deck_pool("breadRondo")
    assert pool.size("pool") == 24
    (two_copies, *_) = [e.card.number for e in pool.entries("pool") if e.count == 2]
    exact = goldfish.plan("blade_rondo", pool, [dealt(cards=[two_copies])]).exacts[0]
    assert exact["probability"] == pytest.approx(1 - math.comb(22, 10) / math.comb(24, 10))
    assert round(exact["probability"], 6) == 0.670290


def test_section_4_2_2_a_40_card_set_deck_still_deals_15():
    pool = set_deck_pool("bladeRondo")
    (two_copies, *_) = [e.card.number for e in pool.entries("pool") if e.count == 2]
    exact = goldfish.plan("blade_rondo", pool, [dealt(cards=[two_copies])]).exacts[0]
    assert round(exact["probability"], 6) == round(1 - math.comb(38, 15) / math.comb(40, 15), 6)


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_4_2_2_bread_rondo_engines_deal_10(engine):
    pool = set_deck_pool("breadRondo")
    numbers = [e.card.number for e in pool.entries("pool")][:3]
    goals = [
        dealt(cards=numbers[:1]),
        {"type": "best_hand", "scores": {numbers[0]: 1}, "score_at_least": 1},
        {"type": "voltage", "cards": numbers[:2], "turn": 5, "play": "first"},
    ]
    rows = goldfish.run("blade_rondo", pool, goals, trials=TRIALS, seed=4, engine=engine)
    for row in rows["results"]:
        p = row["exact"]
        assert abs(row["probability"] - p) <= 4 * math.sqrt(p * (1 - p) / TRIALS) + 1e-9
    # The exact answers are those of 10 dealt: P(a 2-copy card) and P(both of two 2-copy cards).
    assert rows["results"][1]["exact"] == pytest.approx(1 - math.comb(22, 10) / math.comb(24, 10))
    both = 1 - 2 * math.comb(22, 10) / math.comb(24, 10) + math.comb(20, 10) / math.comb(24, 10)
    assert rows["results"][2]["all_dealt"]["exact"] == pytest.approx(both, abs=1e-6)
