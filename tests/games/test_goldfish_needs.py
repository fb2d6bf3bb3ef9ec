"""Honest odds (issue 23): every goal of every game runs on the defaults its form offers when the
deck holds the facts it reads, and a deck lacking them is refused or warned about by name."""

from __future__ import annotations

import pytest

from cards.games import goldfish
from cards.games.base import Deck
from tests.games.decks import cards, deck

# --- decks holding every fact their goals read ---------------------------------------------------

GW_G, GW_UNIT = cards(
    "gundam_war",
    [
        {"number": "G-1", "name": "Blue G", "type": "G", "color": "青"},
        {"number": "U-1", "name": "Unit One", "type": "UNIT", "color": "青", "total_cost": "3"},
    ],
)
DN_CASTER, DN_UNIT = cards(
    "dreadnought",
    [
        {"number": "C-1", "name": "Caster", "type": "キャスター", "cluster": "赤", "hp": "3"},
        {
            "number": "U-1",
            "name": "Unit",
            "type": "ユニット",
            "cluster": "",
            "speed": "B",
            "log_cost": "2",
        },
    ],
)
BR_PHYSICAL, BR_SUPPORT = cards(
    "blade_rondo",
    [
        {"number": "1", "name": "Sword", "kind": "physical", "cost": "1"},
        {"number": "2", "name": "Aid", "kind": "support", "cost": "2"},
    ],
)
DB_LEADER, DB_BATTLE, DB_BALL = cards(
    "dbscg",
    [
        {"number": "L-1", "name": "Leader", "type": "Leader", "colors": "Red"},
        {"number": "B-1", "name": "Battle", "type": "Battle", "colors": "Red", "energy_cost": "2"},
        {
            "number": "D-1",
            "name": "Ball",
            "type": "Extra",
            "colors": "Red",
            "energy_cost": "0",
            "keywords": "Dragon Ball",
        },
    ],
)
(DT_FIRE,) = cards(
    "draws_troidal", [{"number": "1", "name": "Flame", "attribute": "火", "power": "3"}]
)

COMPLETE: dict[str, Deck] = {
    "gundam_war": deck(main=[(GW_G, 20), (GW_UNIT, 30)]),
    "dreadnought": deck(casters=[(DN_CASTER, 2)], main=[(DN_UNIT, 50)]),
    "blade_rondo": deck(pool=[(BR_PHYSICAL, 20), (BR_SUPPORT, 20)]),
    "dbscg": deck(leader=[(DB_LEADER, 1)], main=[(DB_BATTLE, 43), (DB_BALL, 7)]),
    "draws_troidal": deck(main=[(DT_FIRE, 40)]),
}
#: The card the panel fills a form's card fields with (the deck's most-copied card).
KEY_CARD = {"gundam_war": "U-1", "dreadnought": "U-1", "blade_rondo": "1", "dbscg": "B-1"}


def default_goal(game: str, goal_type: str) -> dict:
    """The goal a form posts untouched: every default, card fields holding the key card."""
    form = next(form for form in goldfish.goal_forms(game) if form["type"] == goal_type)
    goal: dict = {"type": goal_type}
    for spec in form["fields"]:
        if spec["kind"] == "cards":
            goal[spec["name"]] = [KEY_CARD[game]]
        elif not spec["required"]:
            goal[spec["name"]] = spec["default"]
    return goal


EVERY_GOAL = [(game, name) for game in COMPLETE for name in goldfish.goal_types(game)]


@pytest.mark.parametrize(("game", "goal_type"), EVERY_GOAL)
def test_every_goal_runs_on_its_form_defaults_without_a_warning(game, goal_type):
    result = goldfish.run(game, COMPLETE[game], [default_goal(game, goal_type)], trials=200, seed=1)
    assert "missing_facts" not in result["results"][0]


def test_every_goal_type_of_every_game_is_checked_here():
    assert len(EVERY_GOAL) == 16


# --- decks lacking the facts ---------------------------------------------------------------------

GW_UNIT_ONLY = deck(main=[(GW_UNIT, 50)])
(GW_COLOURLESS_G,) = cards("gundam_war", [{"number": "G-2", "name": "Plain G", "type": "G"}])
DN_NO_SP, DN_NO_HP = cards(
    "dreadnought",
    [
        {"number": "U-2", "name": "Unknown unit", "type": "ユニット", "cluster": ""},
        {"number": "C-2", "name": "Unknown caster", "type": "キャスター", "cluster": "赤"},
    ],
)
(BR_UNCOSTED,) = cards("blade_rondo", [{"number": "3", "name": "Guard", "kind": "response"}])
DB_UNCOSTED, DB_COLOURLESS = cards(
    "dbscg",
    [
        {"number": "B-2", "name": "Uncosted", "type": "Battle", "colors": "Red"},
        {"number": "B-3", "name": "Colourless", "type": "Battle", "energy_cost": "1"},
    ],
)


def refusal(game: str, built: Deck, goal: dict) -> str:
    with pytest.raises(goldfish.GoalError) as refused:
        goldfish.plan(game, built, [goal])
    return str(refused.value)


def warnings(game: str, built: Deck, goal: dict) -> list[dict]:
    return goldfish.run(game, built, [goal], trials=200, seed=1)["results"][0]["missing_facts"]


def test_gundam_war_mulligan_refuses_a_deck_without_g():
    assert "holds no G" in refusal(
        "gundam_war", GW_UNIT_ONLY, default_goal("gundam_war", "mulligan")
    )


def test_gundam_war_g_in_play_refuses_a_deck_without_g():
    goal = default_goal("gundam_war", "g_in_play")
    assert "holds no G" in refusal("gundam_war", GW_UNIT_ONLY, goal)


def test_gundam_war_g_of_one_colour_names_the_g_without_a_colour():
    built = deck(main=[(GW_G, 10), (GW_COLOURLESS_G, 10), (GW_UNIT, 30)])
    goal = {**default_goal("gundam_war", "g_in_play"), "color": "青", "color_at_least": 1}
    [warning] = warnings("gundam_war", built, goal)
    assert (warning["fact"], warning["cards"]) == ("color", ["G-2 Plain G"])


def test_dreadnought_speed_refuses_a_deck_whose_cards_have_no_sp():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_NO_SP, 50)])
    assert "SP (speed)" in refusal("dreadnought", built, default_goal("dreadnought", "speed"))


def test_dreadnought_deck_out_refuses_a_deck_whose_cards_have_no_sp():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_NO_SP, 50)])
    assert "SP (speed)" in refusal("dreadnought", built, default_goal("dreadnought", "deck_out"))


def test_dreadnought_deck_out_names_the_cards_without_sp_beside_those_with_it():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_UNIT, 40), (DN_NO_SP, 10)])
    [warning] = warnings("dreadnought", built, default_goal("dreadnought", "deck_out"))
    assert (warning["fact"], warning["cards"]) == ("speed", ["U-2 Unknown unit"])


def test_dreadnought_drawn_names_the_caster_whose_hp_is_counted_as_three():
    built = deck(casters=[(DN_CASTER, 1), (DN_NO_HP, 1)], main=[(DN_UNIT, 50)])
    [warning] = warnings("dreadnought", built, default_goal("dreadnought", "drawn"))
    assert (warning["fact"], warning["cards"], warning["stand_in"]) == (
        "hp",
        ["C-2 Unknown caster"],
        "counted as 3 HP",
    )


def test_dreadnought_draws_with_a_mulligan_names_the_cards_without_a_log_cost():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_UNIT, 40), (DN_NO_SP, 10)])
    goal = {**default_goal("dreadnought", "draws"), "mulligan_log_cost_at_least": 2}
    [warning] = warnings("dreadnought", built, goal)
    assert (warning["fact"], warning["cards"]) == ("log_cost", ["U-2 Unknown unit"])


def test_blade_rondo_voltage_names_the_chosen_card_without_a_cost():
    built = deck(pool=[(BR_PHYSICAL, 20), (BR_UNCOSTED, 20)])
    goal = {**default_goal("blade_rondo", "voltage"), "cards": ["3"]}
    [warning] = warnings("blade_rondo", built, goal)
    assert (warning["fact"], warning["cards"], warning["stand_in"]) == (
        "cost",
        ["3 Guard"],
        "counted as 0",
    )


def test_blade_rondo_best_hand_refuses_scores_that_make_every_card_equal():
    built = deck(pool=[(BR_SUPPORT, 20), (BR_UNCOSTED, 20)])
    assert "always score the same" in refusal(
        "blade_rondo", built, default_goal("blade_rondo", "best_hand")
    )


def test_dbscg_mulligan_refuses_a_deck_without_energy_costs():
    built = deck(leader=[(DB_LEADER, 1)], main=[(DB_UNCOSTED, 50)])
    goal = {**default_goal("dbscg", "mulligan"), "cards": ["B-2"]}
    assert "energy cost" in refusal("dbscg", built, goal)


def test_dbscg_mulligan_names_the_cards_without_an_energy_cost():
    built = deck(leader=[(DB_LEADER, 1)], main=[(DB_BATTLE, 40), (DB_UNCOSTED, 10)])
    [warning] = warnings("dbscg", built, default_goal("dbscg", "mulligan"))
    assert (warning["fact"], warning["cards"]) == ("energy_cost", ["B-2 Uncosted"])


def test_dbscg_energy_curve_refuses_a_card_without_an_energy_cost():
    built = deck(leader=[(DB_LEADER, 1)], main=[(DB_BATTLE, 40), (DB_UNCOSTED, 10)])
    goal = {**default_goal("dbscg", "energy_curve"), "card": "B-2"}
    assert "energy cost" in refusal("dbscg", built, goal)


def test_dbscg_energy_curve_names_the_cards_without_a_colour():
    built = deck(leader=[(DB_LEADER, 1)], main=[(DB_BATTLE, 40), (DB_COLOURLESS, 10)])
    [warning] = warnings("dbscg", built, default_goal("dbscg", "energy_curve"))
    assert (warning["fact"], warning["cards"]) == ("colors", ["B-3 Colourless"])


def test_dbscg_dragon_balls_refuses_a_deck_without_dragon_balls():
    built = deck(leader=[(DB_LEADER, 1)], main=[(DB_BATTLE, 50)])
    assert "no [Dragon Ball]" in refusal("dbscg", built, {"type": "dragon_balls"})


#: Goals that declare no need: they read no card fact beyond the cards they name, which a deck
#: holds or the goal refuses (`Context.resolve`), or the deck's size; or, for the cards of a
#: type (G, [Dragon Ball]), they refuse a deck holding none; Blade Rondo's best hand reads the
#: scores its goal gives and refuses scores that make every card equal (the tests above);
#: DRAWS◎TROIDAL's match reads power, risk and guard, whose absence is printed (a card
#: without power loses every battle, RULES.md §5), so no card lacks them.
NO_NEEDS = {
    ("gundam_war", "drawn"),
    ("gundam_war", "mulligan"),
    ("blade_rondo", "dealt"),
    ("blade_rondo", "best_hand"),
    ("dbscg", "drawn"),
    ("dbscg", "dragon_balls"),
    ("dbscg", "deck_out"),
    ("draws_troidal", "match"),
}


@pytest.mark.parametrize(("game", "goal_type"), sorted(NO_NEEDS))
def test_a_goal_that_reads_no_card_fact_declares_none(game, goal_type):
    assert goldfish.goal_types(game)[goal_type].needs == ()


@pytest.mark.parametrize(("game", "goal_type"), sorted(set(EVERY_GOAL) - NO_NEEDS))
def test_every_other_goal_declares_the_facts_it_reads(game, goal_type):
    assert goldfish.goal_types(game)[goal_type].needs


# --- the needs no test above reached (issue 23, item 3: every goal, refusal or warning) -----------


def test_dreadnought_speed_names_the_cards_without_sp_beside_those_with_it():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_UNIT, 40), (DN_NO_SP, 10)])
    [warning] = warnings("dreadnought", built, default_goal("dreadnought", "speed"))
    assert (warning["fact"], warning["cards"]) == ("speed", ["U-2 Unknown unit"])


@pytest.mark.parametrize("goal_type", ["speed", "deck_out"])
def test_dreadnought_speed_goals_name_the_caster_whose_hp_is_counted_as_three(goal_type):
    built = deck(casters=[(DN_CASTER, 1), (DN_NO_HP, 1)], main=[(DN_UNIT, 50)])
    [warning] = warnings("dreadnought", built, default_goal("dreadnought", goal_type))
    assert (warning["fact"], warning["cards"]) == ("hp", ["C-2 Unknown caster"])


def test_dreadnought_draws_with_a_mulligan_refuses_a_deck_without_log_costs():
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_NO_SP, 50)])
    goal = {
        **default_goal("dreadnought", "draws"),
        "mulligan_log_cost_at_least": 2,
        "cards": ["U-2"],
    }
    assert "log cost" in refusal("dreadnought", built, goal)


def test_dreadnought_draws_without_a_mulligan_reads_no_log_cost():
    """The default (no mulligan) reads no log cost: a deck without them runs without a warning."""
    built = deck(casters=[(DN_CASTER, 2)], main=[(DN_NO_SP, 50)])
    goal = {**default_goal("dreadnought", "draws"), "cards": ["U-2"]}
    result = goldfish.run("dreadnought", built, [goal], trials=200, seed=1)["results"][0]
    assert "missing_facts" not in result


def test_blade_rondo_voltage_of_cards_none_of_which_has_a_cost_still_warns():
    """Voltage does not refuse (a cost of 0 is a real budget), so every uncosted card is named."""
    built = deck(pool=[(BR_PHYSICAL, 20), (BR_UNCOSTED, 20)])
    goal = {**default_goal("blade_rondo", "voltage"), "cards": ["3"]}
    [warning] = warnings("blade_rondo", built, goal)
    assert warning["cards"] == ["3 Guard"]


def test_gundam_war_g_of_one_colour_refuses_a_deck_whose_g_have_no_colour():
    built = deck(main=[(GW_COLOURLESS_G, 20), (GW_UNIT, 30)])
    goal = {**default_goal("gundam_war", "g_in_play"), "color": "青", "color_at_least": 1}
    assert "colour" in refusal("gundam_war", built, goal)
