"""The popularity formula of docs/discovery.md: each like halves in worth every 14 days."""

from datetime import timedelta

from decklab.discovery.popularity import EPOCH, HALF_LIFE, NO_LIKES, hot_of, score


def test_a_like_is_worth_one_when_given_and_half_after_the_half_life():
    now = EPOCH + timedelta(days=400)
    assert score(hot_of([now]), now) == 1.0
    assert abs(score(hot_of([now - HALF_LIFE]), now) - 0.5) < 1e-9


def test_likes_add_up_and_a_deck_without_likes_scores_nothing():
    now = EPOCH + timedelta(days=3000)
    assert abs(score(hot_of([now, now, now - 2 * HALF_LIFE]), now) - 2.25) < 1e-9
    assert hot_of([]) == NO_LIKES and score(NO_LIKES, now) == 0.0


def test_ordering_by_hot_is_ordering_by_todays_score():
    now = EPOCH + timedelta(days=900)
    three_old = hot_of([now - 8 * HALF_LIFE / 2] * 3)  # 3 likes eight weeks ago: 3/16
    one_new = hot_of([now])
    assert (one_new > three_old) == (score(one_new, now) > score(three_old, now))
