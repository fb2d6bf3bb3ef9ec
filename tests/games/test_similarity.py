"""The weighted overlap of card counts that ranks similar public decks (pure)."""

from __future__ import annotations

from cards.games.similarity import card_counts, most_similar, weighted_overlap


def test_the_same_cards_in_the_same_numbers_overlap_fully():
    deck = {"A": 4, "B": 2}
    assert weighted_overlap(deck, dict(deck)) == 1.0


def test_decks_with_no_card_in_common_do_not_overlap():
    assert weighted_overlap({"A": 4}, {"B": 4}) == 0.0
    assert weighted_overlap({}, {}) == 0.0


def test_the_overlap_is_the_smaller_counts_over_the_larger():
    # min: A 2 + B 1 = 3; max: A 4 + B 3 + C 1 = 8.
    assert weighted_overlap({"A": 2, "B": 3, "C": 1}, {"A": 4, "B": 1}) == 3 / 8


def test_the_overlap_is_symmetric():
    a, b = {"A": 2, "B": 3, "C": 1}, {"A": 4, "B": 1, "D": 2}
    assert weighted_overlap(a, b) == weighted_overlap(b, a)


def test_a_card_counts_once_over_all_its_zones():
    assert card_counts({"main": {"A": 3, "B": 1}, "side": {"A": 1}}) == {"A": 4, "B": 1}


def test_the_most_similar_come_first_and_strangers_are_left_out():
    target = {"A": 4, "B": 4}
    ranked = most_similar(
        target, [(1, {"A": 4}), (2, {"A": 4, "B": 4}), (3, {"C": 4}), (0, {"B": 4})]
    )
    assert ranked == [(2, 1.0), (0, 0.5), (1, 0.5)]
