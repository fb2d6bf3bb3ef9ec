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
            Entry(card("U-B", speed="B", log_cost=2), 16),
            Entry(card("U-C", speed="C", log_cost=0), 30),
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


# --- draws, speed, deck_out ----------------------------------------------------------------------


def agree(a: dict, b: dict, trials_a: int, trials_b: int) -> bool:
    """Two estimates of one proportion lie within 4 standard errors of each other."""
    p = (a["probability"] * trials_a + b["probability"] * trials_b) / (trials_a + trials_b)
    se = math.sqrt(max(p * (1 - p), 1e-12) * (1 / trials_a + 1 / trials_b))
    return abs(a["probability"] - b["probability"]) <= 4 * se + 1e-9


def run(goal: dict, engine: str = "fast", trials: int = TRIALS, seed: int = 3, **kwargs) -> dict:
    result = goldfish.run(
        "dreadnought", DECK, [goal], trials=trials, seed=seed, engine=engine, **kwargs
    )
    return result["results"][0]


MIX = {"A": 10, "B++": 20, "C": 20}


def draws(**goal) -> dict:
    return {"type": "draws", "cards": ["U-A"], "turn": 4, "mulligan_log_cost_at_least": 2, **goal}


def test_section_1_3_without_a_mulligan_draws_counts_seven_plus_the_speed_card_and_draws():
    row = run(draws(mulligan_log_cost_at_least=None, play="second"), trials=1_000)
    assert row["exact"] == pytest.approx(1 - math.comb(46, 19) / math.comb(50, 19), abs=1e-6)
    [only] = row["cards_drawn"]["distribution"]
    assert (only["cards"], only["probability"], only["exact"]) == (19, 1.0, 1.0)
    assert row["bursts_set"]["exact"] == row["bursts_set"]["mean"] == 5


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_1_3_the_mulligan_to_the_discard_lies_within_four_standard_errors_of_exact(engine):
    row = run(draws(), engine=engine)
    for estimate in [
        row,
        *row["by_turn"],
        row["mulligan_fires"],
        *row["cards_drawn"]["distribution"],
    ]:
        assert within_four_standard_errors(estimate)
    assert sum(d["exact"] for d in row["cards_drawn"]["distribution"]) == pytest.approx(1)


def test_section_1_3_mulligan_cards_go_to_the_discard_so_more_cards_are_drawn():
    row = run(draws(), trials=1_000)
    # Every U-B (log cost 2) of the 7 goes: 16 of 50 cards, so 7 × 16 / 50 on average.
    assert row["cards_discarded"]["exact"] == pytest.approx(7 * 16 / 50)
    assert row["cards_drawn"]["exact"] == pytest.approx(7 + 7 * 16 / 50 + 4 * 2)


def test_section_1_3_hp_cards_are_drawn_once_the_deck_is_empty():
    # Second player, 11 turns: 7 + r + 33 cards after discarding r; the deck holds 50 - 6 - 1 = 43.
    row = run(draws(turn=11, play="second", mulligan_log_cost_at_least=0))
    hp = row["hp_cards_drawn"]
    assert hp["exact"] > 0
    assert hp["ci95"][0] - 0.01 <= hp["exact"] <= hp["ci95"][1] + 0.01


def speed(**goal) -> dict:
    return {"type": "speed", "turn": 3, "speed_mix": MIX, **goal}


def test_section_1_3_a_mirror_match_is_first_half_the_time_exactly():
    row = run(speed(speed_mix={}), trials=1_000)
    assert row["exact"] == pytest.approx(0.5)
    assert row["by_turn"][0]["second"]["exact"] == pytest.approx(0.5)


def test_section_1_3_the_slower_deck_is_never_first_and_never_burns():
    row = run(speed(speed_mix={"AA": 50}), trials=1_000)
    assert row["exact"] == 0.0 and row["probability"] == 0.0
    assert row["by_turn"][2]["speed_burns"]["exact"] == 0


def test_section_1_3_more_plus_signs_never_reach_the_next_letter():
    row = run(speed(speed_mix={"B+++++": 50}), trials=1_000)
    # Only the 4 A cards beat B+++++; the C and B cards are slower.
    assert row["exact"] == pytest.approx(4 / 50)


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_section_1_3_speed_burns_and_first_player_lie_within_four_standard_errors_of_exact(engine):
    row = run(speed(), engine=engine)
    for turn in row["by_turn"]:
        for estimate in (turn, turn["second"], turn["speed_burn"]):
            assert within_four_standard_errors(estimate)


def test_section_1_3_identical_speeds_burn_until_the_cards_run_out():
    deck = Deck({"casters": DECK.zones["casters"], "main": (Entry(card("U-B", speed="B"), 50),)})
    result = goldfish.run("dreadnought", deck, [speed(speed_mix={"B": 50})], trials=200, seed=1)
    row = result["results"][0]
    assert row["probability"] == 0 and row["exact"] is None
    assert row["by_turn"][0]["game_over"]["probability"] == 1.0


def test_section_1_3_a_gear_change_makes_the_player_first_more_often():
    plain = run(speed(), trials=5_000)
    geared = run(speed(gear_change_below="A"), trials=5_000)
    assert geared["exact"] is None
    assert geared["probability"] > plain["probability"] + 0.05


@pytest.mark.parametrize("when", ["second", "slower"])
def test_section_1_3_gear_change_engines_agree(when):
    goal = speed(gear_change_below="A", gear_change_when=when)
    fast = run(goal, trials=20_000)
    reference = run(goal, engine="reference", trials=5_000)
    for a, b in zip(fast["by_turn"], reference["by_turn"], strict=True):
        assert agree(a, b, 20_000, 5_000)
        assert agree(a["speed_burn"], b["speed_burn"], 20_000, 5_000)


def test_section_1_3_with_a_fixed_order_the_deck_runs_out_on_a_known_turn():
    row = run({"type": "deck_out", "play": "second", "turn": 13}, trials=1_000)
    # 49 cards besides the burst, 43 before the HP cards: 7 + 3t > 43 first at t = 13.
    assert row["deck_out_turn"]["exact"] == row["deck_out_turn"]["mean"] == 13
    assert row["lost_turn"]["exact"] == row["lost_turn"]["mean"] == 14
    assert row["hp_cards_drawn"]["exact"] == row["hp_cards_drawn"]["mean"] == 3


def test_section_1_3_deck_out_against_an_opponent_agrees_between_engines():
    goal = {"type": "deck_out", "turn": 12, "speed_mix": MIX, "mulligan": 3}
    fast = run(goal, trials=20_000)
    reference = run(goal, engine="reference", trials=5_000)
    assert fast["exact"] is None
    assert agree(fast, reference, 20_000, 5_000)
    assert agree(fast["lost_by_turn"], reference["lost_by_turn"], 20_000, 5_000)
    se = fast["deck_out_turn"]["ci95"][1] - fast["deck_out_turn"]["mean"]
    se += reference["deck_out_turn"]["ci95"][1] - reference["deck_out_turn"]["mean"]
    assert abs(fast["deck_out_turn"]["mean"] - reference["deck_out_turn"]["mean"]) <= 2 * se


def test_the_opponent_decklist_is_read_with_the_card_pool():
    from cards.games.decklist import MemoryPool
    from cards.games.registry import get_game

    game = get_game("dreadnought")
    cards = [entry.card for entry in DECK.entries()]
    opponent = "Casters\n1 C-1\n1 C-2\nMain\n50 U-C\n"
    pool = MemoryPool(game, cards)
    result = goldfish.run(
        "dreadnought", DECK, [speed(speed_mix={}, opponent=opponent)], trials=100, seed=1, pool=pool
    )
    # Against 50 C cards: first unless my speed card is C too (a burn, then again).
    assert result["results"][0]["exact"] == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("goal", "message"),
    [
        (speed(opponent="1 U-C"), "not both"),
        (speed(speed_mix={"Z": 50}), "not a speed"),
        (speed(speed_mix={"A": 2.5}), "whole number"),
        (speed(speed_mix={}, opponent="50 U-C"), "no card pool"),
        (speed(gear_change_below="fast"), "not a speed"),
        ({"type": "deck_out", "play": "first", "speed_mix": MIX}, "only with play 'speed'"),
        (speed(speed_mix={"A": 5}), "too small"),
        (draws(turn=12, play="second"), "run out"),
    ],
)
def test_a_speed_goal_that_cannot_run_says_why(goal, message):
    with pytest.raises(goldfish.GoalError, match=message):
        goldfish.plan("dreadnought", DECK, [goal])
