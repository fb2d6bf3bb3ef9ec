"""CONTRACT §5 `match` for DRAWS◎TROIDAL: whole games against an opponent's decklist."""

from __future__ import annotations

import pytest

from cards.games import goldfish
from cards.games.base import Card, Deck, Entry
from cards.games.draws_troidal import starter

DECK = starter.sample_deck("rainbow")
OPPONENT = starter.sample_text("walls")


def run(goals, *, trials=20_000, seed=3, deck=DECK, pool=None, engine="fast"):
    return goldfish.run(
        "draws_troidal",
        deck,
        goals,
        trials=trials,
        seed=seed,
        pool=pool or starter.pool(),
        engine=engine,
    )


def match(**fields):
    return {"type": "match", "opponent": OPPONENT, "policy": "greedy", **fields}


@pytest.mark.parametrize("engine", goldfish.ENGINES)
def test_contract_5_a_match_gives_win_draw_and_loss_with_intervals_and_the_game_length(engine):
    out = run([match()], trials=400 if engine == "reference" else 20_000, engine=engine)
    result = out["results"][0]
    assert result["goal"]["type"] == "match"
    total = 0.0
    for name in ("win", "draw", "loss"):
        low, high = result[name]["ci95"]
        assert low <= result[name]["probability"] <= high
        total += result[name]["probability"]
    assert total == pytest.approx(1.0, abs=1e-5)
    assert result["turns"]["ci95"][0] <= result["turns"]["mean"] <= result["turns"]["ci95"][1]
    assert result["exact"] is None


def test_contract_5_the_same_seed_gives_the_same_match_result():
    assert run([match()], seed=4)["results"] == run([match()], seed=4)["results"]


def test_the_opponent_policy_defaults_to_the_deck_policy_and_may_differ():
    same = run([match(policy="random")], trials=5000)["results"][0]
    mixed = run([match(policy="random", opponent_policy="greedy")], trials=5000)["results"][0]
    assert same["win"]["probability"] > mixed["win"]["probability"]


def test_the_walls_deck_loses_to_the_rainbow_deck_most_of_the_time():
    result = run([match()])["results"][0]
    assert result["win"]["ci95"][0] > 0.5


def test_an_unknown_card_in_the_opponent_decklist_is_a_goal_error_naming_it():
    with pytest.raises(goldfish.GoalError, match="NOPE-1"):
        run([match(opponent="60 NOPE-1")])


def test_without_a_card_pool_the_opponent_decklist_cannot_be_read():
    with pytest.raises(goldfish.GoalError, match="card pool"):
        goldfish.plan("draws_troidal", DECK, [match()])


def test_an_opponent_deck_too_small_to_set_up_is_a_goal_error():
    with pytest.raises(goldfish.GoalError, match="needs 10 to"):
        run([match(opponent="9 DT-001")])


def test_an_unknown_policy_is_a_goal_error():
    with pytest.raises(goldfish.GoalError, match="policy"):
        run([match(policy="psychic")])


def test_a_card_with_negative_guard_is_a_goal_error_naming_it():
    odd = Card("ODD-1", "odd", "無", {"attribute": "無", "power": 3, "risk": 1, "guard": -1})
    deck = Deck(zones={"main": (Entry(odd, 60),)})
    with pytest.raises(goldfish.GoalError, match="ODD-1"):
        run([match()], deck=deck)


def test_the_match_goal_offers_a_form_with_its_policies():
    (form,) = goldfish.goal_forms("draws_troidal")
    fields = {spec["name"]: spec for spec in form["fields"]}
    assert form["type"] == "match"
    assert fields["policy"]["choices"] == ["random", "greedy"]
    assert fields["opponent_policy"]["default"] == "same"
    assert fields["opponent"]["kind"] == "text"
