"""The simulation API: POST starts a run (202 and its URL), GET reads it; refusals are 400/429."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_noop
from rest_framework.test import APIClient

from cards.games import goldfish
from cards.games.messages import Text
from decklab.goldfish import services
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DECKLIST, DRAWN_GOALS

pytestmark = pytest.mark.usefixtures("dbscg_cards")


def body(**changes) -> dict:
    return {
        "game": "dbscg",
        "decklist": DECKLIST,
        "goals": DRAWN_GOALS,
        "trials": 1000,
        "seed": 5,
        **changes,
    }


def test_posting_a_simulation_answers_202_with_the_run_s_urls(api, settings):
    settings.SITE_URL = "https://decklab.example"
    response = api.post("/api/v1/simulations", body(), format="json")
    assert response.status_code == 202, response.content
    run = SimulationRun.objects.get()
    assert response.json()["id"] == run.pk
    assert response.json()["status"] == "queued"
    assert response.json()["url"] == f"https://decklab.example/api/v1/simulations/{run.pk}"
    assert response["Location"] == response.json()["url"]
    assert response.json()["page"] == f"https://decklab.example/goldfish/runs/{run.pk}/"


def test_a_finished_run_reads_back_with_progress_and_the_contract_results(
    api, eager_tasks, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pk = api.post("/api/v1/simulations", body(), format="json").json()["id"]
    data = api.get(f"/api/v1/simulations/{pk}").json()
    assert (data["status"], data["progress"], data["error"]) == ("done", 1.0, "")
    assert data["results"]["trials"] == 1000
    assert data["results"]["seed"] == 5
    first = data["results"]["results"][0]
    assert first["goal"]["cards"] == ["TST-002"]
    assert 0 <= first["ci95"][0] <= first["probability"] <= first["ci95"][1] <= 1
    assert first["exact"] is not None


def test_another_user_s_run_is_not_found(api, other_player):
    pk = api.post("/api/v1/simulations", body(), format="json").json()["id"]
    stranger = APIClient()
    stranger.force_authenticate(other_player)
    assert stranger.get(f"/api/v1/simulations/{pk}").status_code == 404
    assert stranger.get("/api/v1/simulations").json()["results"] == []
    assert api.get("/api/v1/simulations").json()["results"][0]["id"] == pk


def test_an_anonymous_caller_cannot_start_or_read_runs():
    client = APIClient()
    assert client.post("/api/v1/simulations", body(), format="json").status_code == 403
    assert client.get("/api/v1/simulations/1").status_code == 403


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"trials": 10_000_001}, "from 1 to 10,000,000"),
        ({"decklist": "4 NOPE-1"}, "no card matches 'NOPE-1'"),
        ({"goals": [{"type": "drawn", "turn": 3}]}, "needs “Cards (numbers or names)” (cards)"),
        ({"format": "modern"}, "unknown format 'modern'"),
    ],
)
def test_a_request_that_cannot_run_is_a_400_with_the_reason(api, changes, message):
    response = api.post("/api/v1/simulations", body(**changes), format="json")
    assert response.status_code == 400
    assert message in response.json()["detail"]


@pytest.mark.parametrize(
    "changes",
    [{"game": "chess"}, {"goals": "drawn"}, {"seed": -1}, {"trials": "lots"}, {"decklist": None}],
)
def test_a_badly_shaped_request_is_a_400_naming_the_field(api, changes):
    response = api.post("/api/v1/simulations", body(**changes), format="json")
    assert response.status_code == 400
    field = next(iter(changes))
    answer = response.json()
    assert set(answer) == {"detail", field}
    assert answer["detail"].startswith(f"{field}: ")


def test_broken_json_is_a_400(api):
    response = api.post("/api/v1/simulations", "{not json", content_type="application/json")
    assert response.status_code == 400


def test_a_fourth_run_in_progress_is_a_429(api):
    for _ in range(3):
        assert api.post("/api/v1/simulations", body(), format="json").status_code == 202
    response = api.post("/api/v1/simulations", body(), format="json")
    assert response.status_code == 429
    assert "3 runs in progress" in response.json()["detail"]


def test_the_default_is_100000_games_with_a_chosen_seed(api):
    response = api.post(
        "/api/v1/simulations",
        {k: v for k, v in body().items() if k not in {"trials", "seed"}},
        format="json",
    )
    run = SimulationRun.objects.get(pk=response.json()["id"])
    assert run.trials == goldfish.DEFAULT_TRIALS == 100_000
    assert response.json()["seed"] == run.seed


def test_the_schema_documents_the_simulation_endpoints(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    post = schema["paths"]["/api/v1/simulations"]["post"]
    assert set(post["responses"]) >= {"202", "400", "429"}
    assert "/api/v1/simulations/{id}" in schema["paths"]


def test_an_adaptive_request_plays_at_most_a_million_games_by_default(api):
    response = api.post("/api/v1/simulations", body(trials=None, adaptive=True), format="json")
    assert response.status_code == 202
    assert (response.json()["trials"], response.json()["adaptive"]) == (1_000_000, True)


def test_a_goal_error_is_english_by_default_and_japanese_under_accept_language_ja(api):
    bad = body(goals=[{"type": "drawn", "cards": ["TST-002"], "turn": 99}])
    english = api.post("/api/v1/simulations", bad, format="json").json()["detail"]
    japanese = api.post("/api/v1/simulations", bad, format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert "must be at most 30, not 99" in english
    assert "は30以下にしてください" in japanese.json()["detail"]


def test_a_failed_run_s_error_follows_accept_language(api):
    pk = api.post("/api/v1/simulations", body(), format="json").json()["id"]
    services.fail_run(
        pk, Text(gettext_noop("The simulation engine failed on this run; the error is in the log."))
    )
    assert api.get(f"/api/v1/simulations/{pk}").json()["error"].startswith("The simulation engine")
    japanese = api.get(f"/api/v1/simulations/{pk}", HTTP_ACCEPT_LANGUAGE="ja").json()["error"]
    assert japanese.startswith("この実行でシミュレーションエンジンが失敗しました")


def test_a_run_that_failed_before_reasons_were_texts_shows_its_words(api):
    pk = api.post("/api/v1/simulations", body(), format="json").json()["id"]
    SimulationRun.objects.filter(pk=pk).update(status="failed", error="Old words.", error_text=None)
    assert (
        api.get(f"/api/v1/simulations/{pk}", HTTP_ACCEPT_LANGUAGE="ja").json()["error"]
        == "Old words."
    )
