"""RULES.md §5.2 step ⑤: who wins one battle, and the swaps step ③ allows."""

from __future__ import annotations

from itertools import combinations, permutations

import pytest

from cards.games.draws_troidal.battle import ARRANGEMENTS, CYCLE, Fighter, Outcome, battle

FIRST, SECOND, BOTH = Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.BOTH_LOSE


def card(attribute: str, power: int | None = 5) -> Fighter:
    return Fighter("X", attribute, power)


CYCLE_PAIRS = [(CYCLE[i], CYCLE[(i + 1) % len(CYCLE)]) for i in range(len(CYCLE))]


@pytest.mark.parametrize(("strong", "weak"), CYCLE_PAIRS)
def test_section_5_2_each_attribute_beats_the_next_in_the_cycle_whatever_the_power(strong, weak):
    assert battle(card(strong, 1), card(weak, 9)) is FIRST
    assert battle(card(weak, 9), card(strong, 1)) is SECOND


def test_section_5_2_the_cycle_closes_from_earth_back_to_water():
    assert CYCLE_PAIRS[-1] == ("土", "水")


TWO_APART = [
    pair
    for pair in combinations(CYCLE, 2)
    if pair not in CYCLE_PAIRS and pair[::-1] not in CYCLE_PAIRS
]


@pytest.mark.parametrize(("a", "b"), TWO_APART)
def test_section_5_2_attributes_two_apart_in_the_cycle_fight_on_power(a, b):
    assert len(TWO_APART) == 5
    assert battle(card(a, 7), card(b, 3)) is FIRST
    assert battle(card(a, 3), card(b, 7)) is SECOND


@pytest.mark.parametrize(("powers"), [(1, 9), (9, 1), (5, 5), (None, 5)])
def test_section_5_2_yang_against_yin_both_lose_whatever_the_powers(powers):
    assert battle(card("陽", powers[0]), card("陰", powers[1])) is BOTH
    assert battle(card("陰", powers[0]), card("陽", powers[1])) is BOTH


@pytest.mark.parametrize("other", [*CYCLE, "陽", "陰", "無"])
def test_section_5_2_neutral_has_no_advantage_so_power_decides(other):
    assert battle(card("無", 6), card(other, 2)) is FIRST
    assert battle(card("無", 2), card(other, 6)) is SECOND


def test_section_5_2_yang_and_yin_have_no_advantage_over_the_cycle():
    assert battle(card("陽", 2), card("水", 6)) is SECOND
    assert battle(card("陰", 6), card("火", 2)) is FIRST


@pytest.mark.parametrize("attribute", [*CYCLE, "無"])
def test_section_5_2_equal_power_without_advantage_both_lose(attribute):
    assert battle(card(attribute, 4), card("無", 4)) is BOTH


def test_section_5_2_a_card_without_power_loses_even_with_the_attribute_advantage():
    assert battle(card("水", None), card("火", 1)) is SECOND
    assert battle(card("火", 1), card("水", None)) is FIRST


def test_section_5_2_a_card_without_power_loses_even_against_power_0():
    assert battle(card("無", None), card("無", 0)) is SECOND


def test_section_5_2_two_cards_without_power_both_lose():
    assert battle(card("水", None), card("火", None)) is BOTH


def test_section_5_2_step_3_allows_exactly_the_orders_two_adjacent_swaps_reach():
    def inversions(order):
        return sum(1 for i, j in combinations(range(len(order)), 2) if order[i] > order[j])

    reachable = {order for order in permutations(range(5)) if inversions(order) <= 2}
    assert set(ARRANGEMENTS) == reachable
    assert len(ARRANGEMENTS) == 14
    assert ARRANGEMENTS[0] == (0, 1, 2, 3, 4)
