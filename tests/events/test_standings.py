"""Points, tie-breakers and the top cut (RULES.md §6.3–6.5), on small events worked by hand."""

from fractions import Fraction

import pytest

from cards.games.events.standings import (
    Match,
    bracket_seeds,
    next_bracket_pairs,
    standings,
    top_cut_pairs,
)

# Five players, two rounds, worked out on paper:
#   R1  A–B 2-0 · C–D 1-1 with a drawn game · E bye
#   R2  A–E 1-2 · B–C 2-1 · D bye
# A: 3 MP of 2 rounds (MW 1/2), games 2-0 and 1-2: 9 GP of 5 games (GW 3/5)
# B: 3 MP (MW 1/2), 0-2 and 2-1: 6 GP of 5 (GW 2/5)
# C: 1 MP (MW 1/6, counted 1/3), 1-1-1 and 1-2: 7 GP of 6 (GW 7/18)
# D: 4 MP (MW 2/3), 1-1-1 and the bye 2-0: 10 GP of 5 (GW 2/3)
# E: 6 MP (MW 1), the bye 2-0 and 2-1: 12 GP of 5 (GW 4/5)
FIVE = ["A", "B", "C", "D", "E"]
TWO_ROUNDS = [
    Match(1, "A", "B", (2, 0, 0)),
    Match(1, "C", "D", (1, 1, 1)),
    Match(1, "E", None),
    Match(2, "A", "E", (1, 2, 0)),
    Match(2, "B", "C", (2, 1, 0)),
    Match(2, "D", None),
]


def _by_player(rows):
    return {row.player: row for row in rows}


def test_standings_rank_by_match_points_then_opponents_match_win():
    assert [row.player for row in standings(FIVE, TWO_ROUNDS)] == ["E", "D", "A", "B", "C"]
    assert [row.rank for row in standings(FIVE, TWO_ROUNDS)] == [1, 2, 3, 4, 5]


def test_a_win_is_three_points_a_draw_one_a_bye_a_win():
    rows = _by_player(standings(FIVE, TWO_ROUNDS))
    assert {p: rows[p].match_points for p in FIVE} == {"A": 3, "B": 3, "C": 1, "D": 4, "E": 6}


def test_omw_is_the_mean_of_the_opponents_match_win_without_byes_each_at_least_a_third():
    rows = _by_player(standings(FIVE, TWO_ROUNDS))
    # A met B (1/2) and E (1); B met A (1/2) and C (1/6 → 1/3); C met D (2/3) and B (1/2);
    # D met only C (1/3: the bye is no opponent); E met only A (1/2).
    assert {p: rows[p].omw for p in FIVE} == {
        "A": Fraction(3, 4),
        "B": Fraction(5, 12),
        "C": Fraction(7, 12),
        "D": Fraction(1, 3),
        "E": Fraction(1, 2),
    }


def test_gw_counts_the_bye_as_two_games_won():
    rows = _by_player(standings(FIVE, TWO_ROUNDS))
    assert {p: rows[p].gw for p in FIVE} == {
        "A": Fraction(3, 5),
        "B": Fraction(2, 5),
        "C": Fraction(7, 18),
        "D": Fraction(2, 3),
        "E": Fraction(4, 5),
    }


def test_ogw_is_the_mean_of_the_opponents_game_win():
    rows = _by_player(standings(FIVE, TWO_ROUNDS))
    assert {p: rows[p].ogw for p in FIVE} == {
        "A": Fraction(3, 5),
        "B": Fraction(89, 180),
        "C": Fraction(8, 15),
        "D": Fraction(7, 18),
        "E": Fraction(3, 5),
    }


def test_game_win_is_at_least_a_third():
    rows = _by_player(standings(["A", "B"], [Match(1, "A", "B", (2, 0, 0))]))
    assert rows["B"].gw == Fraction(1, 3)


def test_game_win_breaks_a_tie_of_points_and_omw():
    # A and C both beat a player who then lost again; A won 2-0, C won 2-1.
    matches = [Match(1, "A", "B", (2, 0, 0)), Match(1, "C", "D", (2, 1, 0))]
    rows = standings(["A", "B", "C", "D"], matches)
    assert [row.player for row in rows[:2]] == ["A", "C"]
    assert rows[0].omw == rows[1].omw


def test_a_match_without_a_result_counts_for_nothing():
    rows = _by_player(standings(["A", "B"], [Match(1, "A", "B", None)]))
    assert (rows["A"].match_points, rows["A"].rounds) == (0, 0)


def test_a_top_eight_meets_one_v_eight_four_v_five_two_v_seven_three_v_six():
    assert bracket_seeds(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    ranked = [f"s{i}" for i in range(1, 11)]
    assert top_cut_pairs(ranked, 8) == [("s1", "s8"), ("s4", "s5"), ("s2", "s7"), ("s3", "s6")]


def test_a_top_four_meets_one_v_four_and_two_v_three():
    assert top_cut_pairs(["a", "b", "c", "d", "e"], 4) == [("a", "d"), ("b", "c")]


def test_the_winners_meet_in_bracket_order():
    # Winners of 1v8, 4v5, 2v7, 3v6: (1v8 winner) meets (4v5 winner), (2v7) meets (3v6).
    assert next_bracket_pairs(["s1", "s5", "s7", "s3"]) == [("s1", "s5"), ("s7", "s3")]
    assert next_bracket_pairs(["s1", "s3"]) == [("s1", "s3")]


def test_a_top_cut_needs_enough_players():
    with pytest.raises(ValueError, match="needs 8 players"):
        top_cut_pairs(["a", "b", "c"], 8)
