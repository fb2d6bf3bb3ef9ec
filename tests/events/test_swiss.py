"""Swiss pairing (RULES.md §6.2): small worked rounds, then properties over random events."""

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from cards.games.events.standings import WIN, Match, standings
from cards.games.events.swiss import BYE, default_rounds, first_round, pair_round


def _pairs(tables):
    return [(t.first, t.second) for t in tables]


def test_round_one_is_random_but_the_same_for_the_same_seed():
    players = [f"p{i}" for i in range(16)]
    assert _pairs(first_round(players, seed=7)) == _pairs(first_round(players, seed=7))
    assert _pairs(first_round(players, seed=7)) != _pairs(first_round(players, seed=8))


def test_the_default_round_count_is_log2_of_the_players_rounded_up():
    assert [default_rounds(n) for n in (2, 5, 8, 9, 32, 33, 128)] == [1, 3, 3, 4, 5, 6, 7]


def test_later_rounds_pair_equal_points_from_the_top():
    players = list("ABCDEFGH")
    # Round 1: A, C, E, G win; tables 1–4 are A–B, C–D, E–F, G–H.
    r1 = [Match(1, a, b, (2, 0, 0)) for a, b in ("AB", "CD", "EF", "GH")]
    pairs = _pairs(pair_round(players, players, r1, seed=1))
    winners, losers = set("ACEG"), set("BDFH")
    for first, second in pairs:
        assert {first, second} <= winners or {first, second} <= losers


def test_a_pair_that_met_is_not_paired_again_while_another_pairing_avoids_it():
    players = list("ABCD")
    # After two rounds A has 6, C and D 3, B 0; A has met B and C, so A meets D, C meets B.
    matches = [
        Match(1, "A", "B", (2, 0, 0)),
        Match(1, "C", "D", (2, 0, 0)),
        Match(2, "A", "C", (2, 0, 0)),
        Match(2, "D", "B", (2, 0, 0)),
    ]
    assert {frozenset(p) for p in _pairs(pair_round(players, players, matches, seed=1))} == {
        frozenset("AD"),
        frozenset("BC"),
    }


def test_a_rematch_happens_only_when_no_other_pairing_exists():
    matches = [Match(1, "A", "B", (2, 0, 0))]
    assert _pairs(pair_round(["A", "B"], ["A", "B"], matches, seed=1)) == [("A", "B")]


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_had_none():
    players = list("ABCDE")
    # E had the round-1 bye. C and D both lost (OMW 1 and GW 1/3 each); C's opponent B won 2-1
    # (GW 2/3), D's opponent A won 2-0 (GW 1): C is ranked lowest by OGW and gets the bye.
    matches = [
        Match(1, "A", "D", (2, 0, 0)),
        Match(1, "B", "C", (2, 1, 0)),
        Match(1, "E", None),
    ]
    tables = pair_round(players, players, matches, seed=1)
    assert [row.player for row in standings(players, matches)][-1] == "C"
    assert [t.first for t in tables if t.second is None] == ["C"]
    assert tables[-1].second is None


def test_a_dropped_player_is_not_paired():
    players = list("ABCDEF")
    matches = [Match(1, a, b, (2, 0, 0)) for a, b in ("AB", "CD", "EF")]
    active = [p for p in players if p != "B"]
    tables = pair_round(active, players, matches, seed=1)
    assert "B" not in {p for t in tables for p in (t.first, t.second)}
    assert sum(t.second is None for t in tables) == 1


def _unavoidable(active, matches):
    """The fewest rematches and repeated byes any pairing of `active` must have: the tables
    minus the largest matching that uses only pairs that never met (and the bye for those who
    never had it)."""
    met = {frozenset(m.players()) for m in matches if not m.is_bye}
    had_bye = {m.first for m in matches if m.is_bye}
    graph = nx.Graph()
    graph.add_nodes_from(active)
    for i, a in enumerate(active):
        graph.add_edges_from((a, b) for b in active[i + 1 :] if frozenset((a, b)) not in met)
        if len(active) % 2 and a not in had_bye:
            graph.add_edge(a, BYE)
    return (len(active) + 1) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


RESULTS = [(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 2, 0), (1, 1, 1), (1, 1, 0)]


@settings(max_examples=15)
@given(
    players=st.integers(min_value=8, max_value=128),
    seed=st.integers(min_value=0, max_value=2**32),
    drops=st.integers(min_value=0, max_value=3),
)
def test_random_events_pair_everyone_once_avoid_rematches_and_conserve_points(players, seed, drops):
    rng = random.Random(seed)
    everyone = [f"p{i:03d}" for i in range(players)]
    active = list(everyone)
    matches: list[Match] = []
    for number in range(1, default_rounds(players) + 1):
        for _ in range(drops if number > 1 else 0):
            active.remove(rng.choice(active))
        unavoidable = _unavoidable(active, matches)
        tables = pair_round(active, everyone, matches, seed=seed)
        seated = [p for t in tables for p in (t.first, t.second) if p is not None]
        assert sorted(seated) == sorted(active), "every active player sits exactly once"
        met = {frozenset(m.players()) for m in matches if not m.is_bye}
        had_bye = {m.first for m in matches if m.is_bye}
        repeats = sum(
            (t.first in had_bye) if t.second is None else frozenset((t.first, t.second)) in met
            for t in tables
        )
        if number > 1:
            assert repeats == unavoidable, "no rematch or second bye while avoidable"
        for t in tables:
            games = None if t.second is None else rng.choice(RESULTS)
            matches.append(Match(number, t.first, t.second, games))
    byes = [m.first for m in matches if m.is_bye]
    assert len(byes) == len(set(byes)), "at most one bye per player"
    awarded = sum(WIN if m.games is None or m.games[0] != m.games[1] else 2 for m in matches)
    assert sum(row.match_points for row in standings(everyone, matches)) == awarded
