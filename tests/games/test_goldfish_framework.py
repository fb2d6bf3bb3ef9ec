"""The goldfish framework: seeded chunks that merge exactly, goal checking, statistics, coverage."""

import json
import random

import pytest

from cards.games import goldfish
from cards.games.base import Deck
from cards.games.goldfish import GoalError, Tally
from tests.games.decks import deck_of

DBSCG_DECK = deck_of("dbscg", [4, 4, 42])
DRAWN = {"type": "drawn", "cards": ["T0"], "at_least": 1, "turn": 3, "play": "first"}


def test_chunks_have_a_fixed_size_so_they_never_depend_on_the_worker_count():
    assert goldfish.chunk_sizes(120_001) == [goldfish.CHUNK, goldfish.CHUNK, 20_001]
    assert goldfish.chunk_sizes(7) == [7]


def test_a_run_split_into_chunks_on_several_workers_merges_into_the_one_process_result():
    whole = goldfish.run(
        "dbscg", DBSCG_DECK, [DRAWN, {**DRAWN, "cards": ["T1"]}], trials=120_000, seed=11
    )
    prepared = goldfish.plan("dbscg", DBSCG_DECK, [DRAWN, {**DRAWN, "cards": ["T1"]}])
    sizes = goldfish.chunk_sizes(120_000)
    # Each "worker" computes one chunk, stores it as JSON; they finish in any order.
    stored = [
        json.dumps([t.to_dict() for t in goldfish.run_chunk(prepared, seed=11, index=i, trials=n)])
        for i, n in reversed(list(enumerate(sizes)))
    ]
    chunks = [[Tally.from_dict(d) for d in json.loads(text)] for text in stored]
    merged = goldfish.summarize(prepared, goldfish.merge_chunks(chunks))
    assert merged == whole["results"]


def test_the_same_seed_gives_the_same_numbers_and_another_seed_others():
    first = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=20_000, seed=5)
    again = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=20_000, seed=5)
    other = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=20_000, seed=6)
    assert first["results"] == again["results"]
    assert first["results"] != other["results"]


def test_the_reference_engine_is_seeded_too():
    one = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=2_000, seed=5, engine="reference")
    two = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=2_000, seed=5, engine="reference")
    assert one["results"] == two["results"]
    assert one["engine"] == "reference"


def test_trials_and_seed_are_always_in_the_output():
    result = goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=1_000, seed=3)
    assert (result["trials"], result["seed"], result["game"]) == (1_000, 3, "dbscg")


def test_an_adaptive_run_stops_once_every_interval_is_narrow_enough():
    result = goldfish.run(
        "dbscg", DBSCG_DECK, [DRAWN], trials=goldfish.ADAPTIVE_MAX_TRIALS, seed=1, adaptive=True
    )
    assert goldfish.CHUNK <= result["trials"] < goldfish.ADAPTIVE_MAX_TRIALS
    low, high = result["results"][0]["ci95"]
    assert (high - low) / 2 <= goldfish.ADAPTIVE_HALF_WIDTH


def test_tallies_merge_by_adding_and_survive_json():
    a = Tally(games=10, counts={"hit": 4}, sums={"turn": 30}, squares={"turn": 100})
    b = Tally(games=5, counts={"hit": 1, "other": 2})
    merged = a.merge(b)
    assert merged == Tally(15, {"hit": 5, "other": 2}, {"turn": 30}, {"turn": 100})
    assert Tally.from_dict(json.loads(json.dumps(merged.to_dict()))) == merged


@pytest.mark.parametrize(
    ("goals", "message"),
    [
        ([], "at least one goal"),
        ([{"type": "nonsense"}], "unknown type 'nonsense'"),
        ([{"type": "drawn", "turn": 3}], r"needs “Cards \(numbers or names\)” \(cards\)"),
        ([{**DRAWN, "colour": "red"}], "no field 'colour'"),
        ([{**DRAWN, "cards": ["NOPE"]}], "'NOPE' is not a card of this deck"),
        ([{**DRAWN, "turn": 0}], "at least 1"),
        ([{**DRAWN, "turn": "soon"}], "whole number"),
        ([{**DRAWN, "play": "third"}], "one of first, second"),
        ([{**DRAWN, "cards": []}], "non-empty list"),
        ([{**DRAWN, "turn": 30}], "runs out"),
        (["drawn"], "JSON object"),
    ],
)
def test_a_goal_that_cannot_run_is_a_goal_error_with_a_message(goals, message):
    small = deck_of("dbscg", [4, 26])
    with pytest.raises(GoalError, match=message):
        goldfish.plan("dbscg", small, goals)


def test_a_bad_seed_is_a_goal_error():
    with pytest.raises(GoalError, match="seed"):
        goldfish.run("dbscg", DBSCG_DECK, [DRAWN], trials=10, seed=-1)


def test_cards_may_be_named_as_in_decklists():
    by_name = goldfish.plan("dbscg", DBSCG_DECK, [{**DRAWN, "cards": ["test card 0"]}])
    by_number = goldfish.plan("dbscg", DBSCG_DECK, [DRAWN])
    assert by_name.exacts == by_number.exacts


@pytest.mark.parametrize("game", ["dbscg", "gundam_war", "dreadnought", "blade_rondo"])
def test_every_game_offers_goal_forms_the_editor_can_render(game):
    forms = goldfish.goal_forms(game)
    assert forms
    for form in forms:
        assert form["type"] and form["label"]
        for spec in form["fields"]:
            assert spec["kind"] in goldfish.FIELD_KINDS
            assert set(spec) >= {"name", "label", "kind", "choices", "default"}


def _random_configuration(rng: random.Random) -> tuple[str, Deck, dict]:
    game = rng.choice(["dbscg", "gundam_war", "dreadnought", "blade_rondo"])
    if game == "blade_rondo":
        targets = rng.randint(1, 8)
        return (
            game,
            deck_of(game, [targets, 40 - targets]),
            {"type": "dealt", "cards": ["T0"], "at_least": rng.randint(1, min(3, targets))},
        )
    size = 50 if game != "dbscg" else rng.randint(50, 60)
    targets = rng.randint(1, 12)
    goal = {
        "type": "drawn",
        "cards": ["T0"],
        "at_least": rng.randint(1, min(3, targets)),
        "turn": rng.randint(1, 7),
        "play": rng.choice(["first", "second"]),
    }
    return game, deck_of(game, [targets, size - targets]), goal


def test_95_percent_intervals_cover_the_exact_answer_in_at_least_53_of_60_configurations():
    rng = random.Random(2024)
    misses = 0
    for index in range(60):
        game, deck, goal = _random_configuration(rng)
        result = goldfish.run(game, deck, [goal], trials=4_000, seed=index)["results"][0]
        low, high = result["ci95"]
        misses += not low <= result["exact"] <= high
    assert misses <= 7
