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


# --- energy_curve, deck_out ----------------------------------------------------------------------

CURVE_DECK = Deck(
    {
        "main": (
            Entry(card("R3", energy_cost=3, specified_cost="RR", colors=["Red"]), 4),
            Entry(card("B2", energy_cost=2, specified_cost="B", colors=["Blue"]), 16),
            Entry(card("RB", energy_cost=2, colors=["Red", "Blue"]), 6),
            Entry(card("G1", energy_cost=1, colors=["Green"]), 24),
        )
    }
)


def curve(**goal) -> dict:
    return {"type": "energy_curve", "card": "R3", "turn": 4, **goal}


def run_curve(goal: dict, engine: str = "fast", deck: Deck = CURVE_DECK) -> dict:
    return goldfish.run("dbscg", deck, [goal], trials=20_000, seed=8, engine=engine)["results"][0]


def test_section_2_3_a_card_without_specified_colours_is_paid_once_enough_cards_are_charged():
    deck = Deck({"main": (Entry(card("X", energy_cost=2), 4), Entry(card("Y"), 46))})
    row = goldfish.plan("dbscg", deck, [curve(card="X", turn=2, play="second")]).exacts[0]
    # Turn 2 second: two charges from 6 + 2 cards, always possible; the card must be in hand.
    assert row["can_pay"] == [0.0, 1.0]
    in_hand = 1 - math.comb(46, 8) / math.comb(50, 8)
    assert row["hit"][1] == pytest.approx(in_hand)


def test_section_2_3_specified_colours_need_cards_of_that_colour_in_energy():
    # RR: only the 6 Red/Blue cards can pay red (the 4 R3 are the card itself, never charged).
    row = goldfish.plan("dbscg", CURVE_DECK, [curve(turn=20)]).exacts[0]
    no_red = Deck({"main": (Entry(CURVE_DECK.zones["main"][0].card, 4), Entry(card("G"), 46))})
    never = goldfish.plan("dbscg", no_red, [curve(turn=10)]).exacts[0]
    assert 0 < row["can_pay"][2] < row["can_pay"][-1] <= 1
    assert never["can_pay"] == [0.0] * 10


@pytest.mark.parametrize("engine", ["fast", "reference"])
@pytest.mark.parametrize("goal", [curve(), curve(card="B2", turn=3, play="second")])
def test_section_2_3_energy_on_curve_lies_within_four_standard_errors_of_exact(engine, goal):
    row = run_curve(goal, engine)
    for estimate in [row, row["can_pay"], *row["by_turn"], *(r["can_pay"] for r in row["by_turn"])]:
        assert within_four_standard_errors(estimate)


def test_a_card_name_shared_by_several_numbers_is_refused_for_energy_on_curve():
    twins = Deck(
        {"main": (Entry(card("P-1"), 4), Entry(Card("P-2", "Card P-1", "Battle", {}), 46))}
    )
    with pytest.raises(goldfish.GoalError, match="names several cards"):
        goldfish.plan("dbscg", twins, [curve(card="Card P-1")])


def deck_out(**goal) -> dict:
    return {"type": "deck_out", **goal}


def test_section_2_3_with_no_life_taken_the_deck_runs_out_on_a_fixed_turn():
    # 50 - 6 in hand - 8 life = 36 cards; the first player draws none on turn 1.
    first = goldfish.plan("dbscg", DECK, [deck_out(life_taken={"0": 1})]).exacts[0]
    second = goldfish.plan("dbscg", DECK, [deck_out(life_taken={"0": 1}, play="second")]).exacts[0]
    assert (first["deck_out_turn"], first["hit"], first["turns"]) == (37, 1.0, 37.0)
    assert second["deck_out_turn"] == 36


def test_section_2_3_one_life_a_turn_loses_on_the_eighth_opponent_turn():
    first = goldfish.plan("dbscg", DECK, [deck_out()]).exacts[0]
    second = goldfish.plan("dbscg", DECK, [deck_out(play="second")]).exacts[0]
    assert (first["hit"], first["turns"]) == (0.0, 8.0)
    assert second["turns"] == 7.0


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_2_3_turns_until_the_game_ends_agree_with_the_exact_dp(engine):
    goal = deck_out(play="second", life_taken={"0": 3, "1": 2, "2": 1}, extra_draws=2)
    row = goldfish.run("dbscg", DECK, [goal], trials=20_000, seed=2, engine=engine)["results"][0]
    assert within_four_standard_errors(row)
    low, high = row["own_turns"]["ci95"]
    half = (high - low) / 2
    assert abs(row["own_turns"]["mean"] - row["own_turns"]["exact"]) <= 2 * half


@pytest.mark.parametrize(
    "taken", [{"x": 1}, {"9": 1}, {"1": -1}, {"0": 0}, {"²": 1}, {"1" * 5000: 1}, {"1": "a"}]
)
def test_a_bad_life_taken_mapping_is_a_goal_error(taken):
    with pytest.raises(goldfish.GoalError, match="life_taken"):
        goldfish.plan("dbscg", DECK, [deck_out(life_taken=taken)])
