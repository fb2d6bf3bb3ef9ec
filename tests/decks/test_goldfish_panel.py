"""The editor's goldfish panel: goals from plain form fields, runs queued, two versions compared."""

import html

import pytest
from django import forms
from django.http import QueryDict
from django.urls import reverse

from cards.games.goldfish import goal_forms
from decklab.goldfish.forms import goals_from_data
from decklab.goldfish.models import SimulationRun
from tests.decks.conftest import post_data

pytestmark = pytest.mark.django_db


def test_goals_are_read_from_the_ticked_goal_types_fields():
    data = QueryDict(mutable=True)
    for key, value in post_data().items():
        data.setlist(key, value if isinstance(value, list) else [value])
    goals = goals_from_data(goal_forms("dbscg"), data)
    assert goals == [
        {
            "type": "drawn",
            "cards": ["TS1-002", "TS1-003"],
            "at_least": "1",
            "turn": "3",
            "play": "first",
            "mulligan": "none",
        }
    ]


def test_no_ticked_goal_is_a_clear_error():
    with pytest.raises(forms.ValidationError, match="Tick at least one goal"):
        goals_from_data(goal_forms("dbscg"), QueryDict())


def test_a_run_from_the_editor_reaches_its_results(deck, simulate):
    response = simulate(deck, post_data())
    assert response.status_code == 200
    run = SimulationRun.objects.get()
    assert run.seed == 7 and run.status == "done"
    assert run.results["results"][0]["exact"] is not None
    assert reverse("goldfish:run-progress", args=[run.pk]) in response.content.decode()


def test_comparing_two_versions_runs_both_on_the_same_goals_and_seed(client, deck, simulate):
    client.post(
        reverse("decks:change", args=[deck.pk]),
        {"action": "set", "zone": "main", "number": "TS1-002", "count": 1, "version": 1},
    )
    simulate(deck, post_data(version="2", compare="version:1"))
    new, old = SimulationRun.objects.order_by("id")
    assert new.seed == old.seed == 7 and new.goals == old.goals
    assert new.results["results"][0]["exact"] < old.results["results"][0]["exact"]


def test_a_bad_goal_value_is_shown_not_raised(deck, simulate):
    response = simulate(deck, post_data(**{"drawn-turn": "-4"}))
    assert response.status_code == 400
    assert "turn" in response.content.decode()


def test_simulations_are_rate_limited_per_user(deck, simulate, settings):
    settings.GOLDFISH_RUNS_PER_HOUR = 1
    assert simulate(deck, post_data()).status_code == 200
    refused = simulate(deck, post_data())
    assert refused.status_code == 429
    assert SimulationRun.objects.count() == 1


def test_without_javascript_a_run_opens_its_page(
    client, owner, deck, django_capture_on_commit_callbacks
):
    client.force_login(owner)
    response = client.post(reverse("decks:simulate", args=[deck.pk]), post_data())
    assert response["Location"] == reverse("goldfish:run", args=[SimulationRun.objects.get().pk])


def test_mappings_are_rows_and_the_deck_out_default_runs_as_shown(client, deck, simulate):
    client.force_login(deck.owner)
    html = client.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    # The deck-out goal's life-taken weights: one row "1 → 1" (its default), then spare rows.
    assert 'name="deck_out-life_taken-name" value="1"' in html
    assert 'name="deck_out-life_taken-value" value="1"' in html
    assert "{&#x27;1&#x27;: 1}" not in html
    response = simulate(
        deck,
        {
            "goal": "deck_out",
            "deck_out-play": "first",
            "deck_out-life_taken-name": ["1", "", ""],
            "deck_out-life_taken-value": ["1", "", ""],
            "deck_out-extra_draws": "0",
            "trials": "10000",
            "seed": "7",
            "version": "1",
        },
    )
    assert response.status_code == 200, response.content.decode()[:400]
    run = SimulationRun.objects.get()
    assert run.goals[0]["life_taken"] == {"1": 1.0}


def test_a_mapping_row_without_a_number_is_explained():
    data = QueryDict(mutable=True)
    data.setlist("goal", ["deck_out"])
    data.setlist("deck_out-life_taken-name", ["1", "2"])
    data.setlist("deck_out-life_taken-value", ["1", "lots"])
    with pytest.raises(forms.ValidationError, match="'lots' is not one"):
        goals_from_data(goal_forms("dbscg"), data)


def test_a_comparison_shows_both_estimates_their_difference_and_its_interval(
    client, deck, simulate
):
    client.post(
        reverse("decks:change", args=[deck.pk]),
        {"action": "set", "zone": "main", "number": "TS1-002", "count": 1},
    )
    response = simulate(deck, post_data(compare="version:1"))
    html = response.content.decode()
    assert reverse("decks:compare-runs") in html
    new, old = SimulationRun.objects.order_by("id")
    page = client.get(reverse("decks:compare-runs"), {"a": new.pk, "b": old.pk, "la": "Now"})
    assert page.status_code == 286  # both done: polling stops
    text = page.content.decode()
    assert "Now" in text and "Difference (first − second)" in text
    assert "points" in text and "beyond chance" in text  # 3 fewer copies: clearly lower
    assert "the second is higher" in text


def test_someone_else_s_runs_are_not_compared(client, deck, simulate, stranger):
    simulate(deck, post_data())
    run = SimulationRun.objects.get()
    client.force_login(stranger)
    response = client.get(reverse("decks:compare-runs"), {"a": run.pk, "b": run.pk})
    assert response.status_code == 404


def test_the_compare_names_goals_in_form_order_and_the_page_language():
    """Stored goals lose their key order (PostgreSQL's jsonb); the compare reads them as the run
    page does: in the goal form's order, in the page's words."""
    from django.utils import translation

    from decklab.decks import compare
    from decklab.goldfish import charts

    goal = {"turn": 3, "play": "first", "type": "drawn", "cards": ["TS1-002"], "at_least": 1}
    stored = [{"goal": goal, "probability": 0.5, "ci95": [0.49, 0.51]}]
    results, names = charts.readable(stored, "dbscg")
    (difference,) = compare.differences(results, results, names)
    assert difference.goal.startswith("drawn: cards TS1-002, at least 1, turn 3, play first")
    with translation.override("ja"):
        results, names = charts.readable(stored, "dbscg")
        (in_japanese,) = compare.differences(results, results, names)
        assert in_japanese.goal == charts.rows(results, names)[0].goal
    assert not in_japanese.goal.startswith("drawn")


def test_a_bad_goal_value_reads_in_japanese_under_ja(client, deck, simulate):
    client.cookies["django_language"] = "ja"
    response = simulate(deck, post_data(**{"drawn-turn": "-4"}))
    shown = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "「自分のターン（まで）」（turn）は1以上にしてください" in shown


def test_a_difference_that_rounds_to_nothing_reads_plus_zero_not_minus_zero():
    from decklab.decks import compare

    def result(probability: float, mean: float) -> list[dict]:
        returned = {"mean": mean, "ci95": [mean - 0.01, mean + 0.01]}
        return [
            {
                "goal": {"type": "drawn"},
                "probability": probability,
                "ci95": [0.80, 0.82],
                "returned": returned,
            }
        ]

    shown = [d.shown for d in compare.differences(result(0.81050, 1.3846), result(0.81080, 1.3848))]
    assert shown == ["+0.0 points", "+0.000"]


def _differences_of(first: tuple[float, float], second: tuple[float, float], **returned):
    """The compare of two one-goal results: (probability, half-width of its 95% interval) each,
    and `returned` as a result's mean measure."""
    from decklab.decks import compare

    def result(probability: float, half: float) -> list[dict]:
        one = {"goal": {"type": "drawn"}, "probability": probability}
        one["ci95"] = [probability - half, probability + half]
        if returned:
            one["returned"] = returned
        return [one]

    return compare.differences(result(*first), result(*second))


def test_an_interval_past_zero_never_reads_as_reaching_it():
    """Rounded to one decimal, -0.21 … -0.04 points read "-0.2 … +0.0" beside "beyond chance":
    the interval shows as many decimals as it takes to agree with its verdict."""
    from django.utils import translation

    (lower,) = _differences_of((0.5, 0.00085), (0.50125, 0.0))
    assert lower.verdict == "the second is higher, beyond chance"
    assert lower.interval == "-0.21 points … -0.04 points"
    assert lower.shown.startswith("-0.1") and lower.shown.endswith(" points")
    with translation.override("ja"):
        assert lower.interval == "-0.21ポイント … -0.04ポイント"
        assert lower.verdict == "2つ目のほうが高く、偶然の差ではありません"

    (higher,) = _differences_of((0.500_004, 0.0), (0.5, 0.000_003))
    assert higher.interval == "+0.0001 points … +0.0007 points"

    # Clear of zero at one decimal, or holding zero: one decimal, as always.
    (clear,) = _differences_of((0.6, 0.01), (0.5, 0.01))
    assert clear.interval == "+8.6 points … +11.4 points"
    (close,) = _differences_of((0.5, 0.01), (0.503, 0.0))
    assert close.verdict.startswith("too close to call")
    assert close.interval == "-1.3 points … +0.7 points"


def test_a_mean_interval_past_zero_shows_more_decimals_too():
    from decklab.decks import compare
    from decklab.goldfish.charts import Measure

    mean = Measure(label="mean", value=1.0, low=None, high=None, percent=False)
    past = compare.Difference("goal", "mean", mean, mean, 0.0006, 0.0002, 0.0010)
    assert past.verdict == "the first is higher, beyond chance"
    assert past.interval == "+0.0002 … +0.0010" and past.shown == "+0.0006"
    clear = compare.Difference("goal", "mean", mean, mean, 0.25, 0.125, 0.375)
    assert clear.interval == "+0.125 … +0.375"


def test_dragon_balls_is_offered_only_to_a_deck_holding_a_dragon_ball(client, owner, deck):
    """Issue 23: the editor offered `dragon_balls` to a deck without one [Dragon Ball] card, a goal
    that could only be refused."""
    from cards.games.base import Card, Deck, Entry

    client.force_login(owner)
    page = client.get(reverse("decks:editor", args=[deck.pk])).content.decode()
    assert 'data-goal-type="drawn"' in page
    assert 'data-goal-type="dragon_balls"' not in page
    ball = Card("DB-1", "One-Star Ball", "Battle", {"keywords": ("Dragon Ball",)})
    with_ball = Deck(zones={"main": (Entry(ball, 1),)})
    assert "dragon_balls" in [form["type"] for form in goal_forms("dbscg", with_ball)]
    assert "dragon_balls" in [form["type"] for form in goal_forms("dbscg")]
