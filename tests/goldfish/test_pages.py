"""Run pages: the form starts a run, the page shows live progress, then results and a chart."""

from __future__ import annotations

import html
import json
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from cards.games.messages import Text
from decklab.goldfish import charts, services
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DRAWN_GOALS
from tests.goldfish.runs import form

pytestmark = pytest.mark.usefixtures("dbscg_cards")


@pytest.fixture
def signed_in(client, player):
    client.force_login(player)
    return client


def test_the_form_offers_each_goal_type_s_fields_and_keeps_a_linked_decklist(signed_in):
    page = signed_in.get(reverse("goldfish:new"), {"game": "dbscg", "decklist": "4 TST-002"})
    html = page.content.decode()
    assert page.status_code == 200
    assert 'value="drawn"' in html
    assert 'name="drawn-cards"' in html and 'name="drawn-turn"' in html
    assert "4 TST-002</textarea>" in html


def test_posting_the_form_starts_a_run_and_opens_its_page(signed_in):
    response = signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("goldfish:run", kwargs={"pk": run.pk})
    assert run.goals == [
        {
            "type": "drawn",
            "cards": ["TST-002", "TST-003"],
            "at_least": 1,
            "turn": 4,
            "play": "second",
            "mulligan": "none",
        }
    ]
    assert (run.trials, run.seed, run.format) == (2000, 3, "zenkai")


def test_every_turn_up_to_t_makes_one_goal_per_turn(signed_in):
    signed_in.post(reverse("goldfish:new"), form(every_turn="1"))
    assert [goal["turn"] for goal in SimulationRun.objects.get().goals] == [1, 2, 3, 4]


def test_goals_typed_as_json_override_the_fields(signed_in):
    signed_in.post(reverse("goldfish:new"), form(goals_json=json.dumps(DRAWN_GOALS)))
    assert [goal["turn"] for goal in SimulationRun.objects.get().goals] == [3, 5]


@pytest.mark.parametrize(
    ("changes", "status", "message"),
    [
        ({"goals_json": "[{"}, 400, "not valid JSON"),
        ({"drawn-turn": "soon"}, 400, "must be a whole number"),
        ({"trials": "many"}, 400, "whole numbers"),
        ({"decklist": "4 NOPE-1"}, 400, "no card matches"),
    ],
)
def test_a_form_that_cannot_run_is_shown_again_with_the_reason(signed_in, changes, status, message):
    response = signed_in.post(reverse("goldfish:new"), form(**changes))
    assert response.status_code == status
    assert message in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_the_form_says_so_when_too_many_runs_are_in_progress(signed_in):
    for _ in range(3):
        signed_in.post(reverse("goldfish:new"), form())
    response = signed_in.post(reverse("goldfish:new"), form())
    assert response.status_code == 429
    assert "3 runs in progress" in response.content.decode()


def test_a_queued_run_page_polls_its_progress_fragment(signed_in):
    signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    html = signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    progress_url = reverse("goldfish:run-progress", kwargs={"pk": run.pk})
    assert f'hx-get="{progress_url}"' in html
    assert "<progress" in html and "0 of 2,000 games played (0%)" in html
    assert signed_in.get(progress_url).status_code == 200


def test_progress_counts_the_games_played_in_the_players_language(signed_in, settings):
    signed_in.post(reverse("goldfish:new"), form(trials="2000"))
    run = SimulationRun.objects.get()
    run.chunks.create(index=0, trials=500, tallies=[], elapsed_s=0.1)
    progress_url = reverse("goldfish:run-progress", kwargs={"pk": run.pk})
    html = signed_in.get(progress_url).content.decode()
    assert "500 of 2,000 games played (25%)" in html and "chunk" not in html
    signed_in.cookies[settings.LANGUAGE_COOKIE_NAME] = "ja"
    html = signed_in.get(progress_url).content.decode()
    assert "2,000 ゲーム中 500 ゲーム完了（25%）" in html


def test_an_adaptive_run_counts_its_games_against_the_most_it_may_play(signed_in):
    signed_in.post(reverse("goldfish:new"), form(trials="2000", adaptive="1"))
    run = SimulationRun.objects.get()
    assert run.adaptive
    html = signed_in.get(reverse("goldfish:run-progress", kwargs={"pk": run.pk})).content.decode()
    assert "0 games played, at most 2,000 (0%)" in html


def test_a_finished_run_stops_the_polling_and_shows_results_and_chart(
    signed_in, eager_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post(reverse("goldfish:new"), form(every_turn="1"))
    run = SimulationRun.objects.get()
    fragment = signed_in.get(reverse("goldfish:run-progress", kwargs={"pk": run.pk}))
    html = fragment.content.decode()
    assert fragment.status_code == 286
    assert "hx-get" not in html
    assert "95% interval" in html and "Exact" in html
    assert html.count("<tr>") == 1 + 4  # the header and one row per turn
    assert "<svg" in html and "Probability by turn" in html
    assert "<code>3</code>" in html  # the seed


def test_counts_of_games_read_with_thousands_separators_in_both_languages(
    signed_in, eager_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post(reverse("goldfish:new"), form(trials="12000"))
    run = SimulationRun.objects.get()
    page = signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    assert "Done: 12,000 games" in page and "· 12,000 games ·" in page
    assert 'data-label="Games" class="num" rowspan="1">12,000</td>' in page
    signed_in.cookies["django_language"] = "ja"
    page = signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    assert "完了：12,000回試行" in page
    # The column of games played reads as the form's field does (試行回数), not "games" (ゲーム).
    assert '<th scope="col">試行回数</th>' in page
    assert 'data-label="試行回数" class="num" rowspan="1">12,000</td>' in page


def test_a_failed_run_shows_its_reason(signed_in):
    signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    SimulationRun.objects.filter(pk=run.pk).update(status="failed", error="The workers are away.")
    fragment = signed_in.get(reverse("goldfish:run-progress", kwargs={"pk": run.pk}))
    assert fragment.status_code == 286
    assert "The workers are away." in fragment.content.decode()


def test_looking_at_a_run_whose_worker_vanished_queues_its_chunks_again(
    signed_in, eager_tasks, django_capture_on_commit_callbacks
):
    signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    SimulationRun.objects.filter(pk=run.pk).update(heartbeat_at=timezone.now() - timedelta(hours=1))
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk}))
    run.refresh_from_db()
    assert (run.status, run.requeues) == ("done", 1)


def test_another_user_s_run_page_is_not_found(client, other_player, signed_in):
    signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    client.force_login(other_player)
    assert client.get(reverse("goldfish:run", kwargs={"pk": run.pk})).status_code == 404
    assert client.get(reverse("goldfish:run-progress", kwargs={"pk": run.pk})).status_code == 404


def test_a_visitor_is_sent_to_sign_in(client):
    response = client.get(reverse("goldfish:new"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_chart_draws_one_line_per_goal_differing_only_in_turn():
    results = [
        {
            "goal": {"type": "drawn", "cards": ["A"], "turn": turn, "play": play},
            "probability": 0.1 * turn,
            "ci95": [0.1 * turn - 0.01, 0.1 * turn + 0.01],
            "exact": 0.1 * turn,
        }
        for play in ("first", "second")
        for turn in (1, 2, 3)
    ]
    lines = charts.series(results)
    assert list(lines) == [
        "drawn: cards A, play first",
        "drawn: cards A, play second",
    ]
    assert [point.turn for point in lines["drawn: cards A, play first"]] == [1, 2, 3]
    svg = charts.probability_by_turn(results)
    assert svg.count("<polyline") == 2
    assert svg.count('r="6"') == 6  # an exact ring per point
    # The lines' names are an HTML list after the drawing (a long goal wraps, never cut off).
    drawing, legend = svg.split("</svg>", 1)[0], svg.rsplit('<ul class="chart-legend">', 1)[1]
    assert "play first" not in drawing
    assert legend.count("<li>") == 2 and "drawn: cards A, play second</li>" in legend


def test_results_without_a_turn_have_no_chart_but_every_measure_in_the_table():
    match = {
        "goal": {"type": "match", "opponent": "4 X\n4 Y", "policy": "greedy"},
        "win": {"probability": 0.5, "ci95": [0.45, 0.55]},
        "draw": {"probability": 0.1, "ci95": [0.08, 0.12]},
        "loss": {"probability": 0.4, "ci95": [0.35, 0.45]},
        "turns": {"mean": 7.25, "ci95": [7.1, 7.4], "n": 1000},
        "exact": None,
    }
    assert charts.probability_by_turn([match]) == ""
    (row,) = charts.rows([match])
    assert row.goal == "match: opponent 2-line text, policy greedy"
    assert [(m.label, m.estimate, m.interval) for m in row.measures] == [
        ("win", "50.00%", "45.00% – 55.00%"),
        ("draw", "10.00%", "8.00% – 12.00%"),
        ("loss", "40.00%", "35.00% – 45.00%"),
        ("mean turns", "7.250", "7.100 – 7.400"),
    ]
    assert row.exact_text == "—"


def test_a_result_s_own_by_turn_list_is_drawn_as_its_line_from_the_opening_hand():
    result = {
        "goal": {"type": "drawn", "cards": ["A"], "turn": 2},
        "probability": 0.5,
        "ci95": [0.49, 0.51],
        "exact": 0.5,
        "by_turn": [
            {"turn": turn, "probability": p, "ci95": [p - 0.01, p + 0.01], "exact": p}
            for turn, p in enumerate((0.3, 0.4, 0.5))
        ],
    }
    (line,) = charts.series([result]).values()
    assert [(point.turn, point.probability) for point in line] == [(0, 0.3), (1, 0.4), (2, 0.5)]


def test_the_adaptive_box_makes_the_games_the_most_to_play(signed_in):
    signed_in.post(reverse("goldfish:new"), form(adaptive="1", trials="500000"))
    run = SimulationRun.objects.get()
    assert (run.adaptive, run.trials) == (True, 500_000)
    page = signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    assert "adaptive, at most 500,000 games" in page


def test_a_bad_goal_reads_in_japanese_under_ja(signed_in):
    response = signed_in.post(
        reverse("goldfish:new"), form(**{"drawn-turn": "0"}), headers={"Accept-Language": "ja"}
    )
    shown = html.unescape(response.content.decode())
    assert response.status_code == 400
    assert "目標1（ターンごとに引くカード）：「自分のターン（まで）」（turn）は1以上" in shown
    assert "must be" not in shown


def test_a_failed_run_s_reason_reads_in_the_reader_s_language(signed_in):
    signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    services.fail_run(
        run.pk,
        Text(gettext_noop("The simulation engine failed on this run; the error is in the log.")),
    )
    url = reverse("goldfish:run-progress", kwargs={"pk": run.pk})
    english = signed_in.get(url).content.decode()
    japanese = signed_in.get(url, headers={"Accept-Language": "ja"}).content.decode()
    assert "The simulation engine failed on this run" in english
    assert "シミュレーションエンジンが失敗しました" in japanese
    assert "The simulation engine" not in japanese


def test_goals_name_their_cards_by_number_and_name(
    signed_in, eager_tasks, django_capture_on_commit_callbacks
):
    from cards.models import Card

    names = dict(
        Card.objects.filter(number__in=["TST-002", "TST-003"]).values_list("number", "name")
    )
    with django_capture_on_commit_callbacks(execute=True):
        signed_in.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    page = html.unescape(
        signed_in.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    )
    assert f"TST-002 {names['TST-002']}, TST-003 {names['TST-003']}" in page
    goal = {"type": "best_hand", "scores": {"BR-1": 5, "physical": 1}}
    words = {(charts.CARD, "BR-1"): "BR-1 Sword"}
    assert charts.describe_goal(goal, words) == "best_hand: scores BR-1 Sword 5, physical 1"


def test_results_of_a_single_turn_draw_no_chart_of_one_dot():
    one = {
        "goal": {"type": "drawn", "cards": ["X-1"], "turn": 3},
        "probability": 0.5,
        "ci95": [0.4, 0.6],
    }
    assert charts.probability_by_turn([one]) == ""
    other = {**one, "goal": {**one["goal"], "turn": 4}}
    assert "<svg" in charts.probability_by_turn([one, other])
