"""The statistics behind goldfish results: Wilson intervals, means and exact hypergeometrics."""

import math

import pytest

from cards.games import stats


def test_the_wilson_interval_matches_a_textbook_value():
    # 81 successes in 263 trials: the 95% Wilson interval is 0.2553 to 0.3662.
    low, high = stats.wilson(81, 263)
    assert low == pytest.approx(0.2553, abs=1e-4)
    assert high == pytest.approx(0.3662, abs=1e-4)


def test_the_wilson_interval_stays_inside_zero_and_one_at_the_edges():
    assert stats.wilson(0, 50)[0] == 0.0
    assert stats.wilson(50, 50)[1] == 1.0
    assert 0 < stats.wilson(0, 50)[1] < 0.1


def test_an_interval_of_no_trials_is_everything():
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_the_mean_interval_is_centred_on_the_mean_and_shrinks_with_more_games():
    values = [1, 2, 3, 4, 5] * 20
    low, high = stats.mean_interval(sum(values), sum(v * v for v in values), len(values))
    assert (low + high) / 2 == pytest.approx(3.0)
    wider = stats.mean_interval(15, 55, 5)
    assert high - low < wider[1] - wider[0]


def test_at_least_one_of_four_in_a_seven_card_hand_from_sixty():
    expected = 1 - math.comb(56, 7) / math.comb(60, 7)
    assert stats.hypergeom_at_least(60, 4, 7, 1) == pytest.approx(expected, rel=1e-12)


def test_asking_for_more_targets_than_exist_is_impossible():
    assert stats.hypergeom_at_least(50, 3, 10, 4) == 0.0
    assert stats.hypergeom_at_least(50, 3, 10, 0) == 1.0


def test_the_exact_distribution_sums_to_one():
    assert sum(stats.hypergeom_distribution(40, 6, 15)) == 1


def test_multivariate_needs_agree_with_the_product_of_cases_they_sum():
    # Needing 1 of group A (4 cards) and 1 of group B (4 cards) in 7 from 50, by inclusion-exclusion.
    none_a = math.comb(46, 7) / math.comb(50, 7)
    none_both = math.comb(42, 7) / math.comb(50, 7)
    expected = 1 - 2 * none_a + none_both
    assert stats.multivariate_at_least(50, [4, 4], 7, [1, 1]) == pytest.approx(expected)


def test_a_single_group_multivariate_is_the_hypergeometric():
    assert stats.multivariate_at_least(60, [8], 9, [2]) == pytest.approx(
        stats.hypergeom_at_least(60, 8, 9, 2)
    )
