"""Issue 22, finding 7: goals are checked for shape, type and size before anything is planned, in
the API's serializer, the run form and `plan` itself; the API answers JSON whatever fails."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from cards.games import goldfish
from cards.games.base import Deck
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import DRAWN_GOALS
from tests.goldfish.runs import api_body, form

pytestmark = pytest.mark.usefixtures("dbscg_cards")


def simulate(api: APIClient, goals: list, game: str = "dbscg"):
    return api.post("/api/v1/simulations", api_body(game=game, goals=goals), format="json")


def test_finding_7_a_goal_naming_thousands_of_cards_is_refused_before_planning(api):
    goals = [{**DRAWN_GOALS[0], "cards": ["TST-002"] * 5000}]
    answer = simulate(api, goals)
    assert answer.status_code == 400
    assert "at most 150 cards" in answer.json()["detail"]
    assert not SimulationRun.objects.exists()


def test_finding_7_an_opponent_decklist_is_at_most_as_long_as_a_deck(api):
    opponent = "1 DT-001\n" * 3_000  # 27 KB
    answer = simulate(api, [{"type": "match", "opponent": opponent}], game="draws_troidal")
    assert answer.status_code == 400
    assert f"at most {goldfish.MAX_GOAL_TEXT} characters" in answer.json()["detail"]
    huge = "1 DT-001\n" * 50_000  # 450 KB: all the goals are too long before any field is
    answer = simulate(api, [{"type": "match", "opponent": huge}], game="draws_troidal")
    assert answer.status_code == 400
    assert f"at most {goldfish.MAX_GOALS_JSON_CHARS} characters" in answer.json()["detail"]


@pytest.mark.parametrize("goal_type", [{"a": 1}, ["drawn"], 7, None])
def test_finding_7_a_goal_type_of_the_wrong_type_is_a_json_400(api, goal_type):
    answer = simulate(api, [{**DRAWN_GOALS[0], "type": goal_type}])
    assert answer.status_code == 400
    assert answer["Content-Type"] == "application/json"
    assert "unknown type" in answer.json()["detail"]


def test_finding_7_the_run_form_answers_a_goal_type_of_the_wrong_type_with_its_reason(
    client, player
):
    client.force_login(player)
    typed = json.dumps([{**DRAWN_GOALS[0], "type": {"a": 1}}])
    response = client.post(reverse("goldfish:new"), form(goals_json=typed))
    assert response.status_code == 400
    assert "unknown type" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_finding_7_plan_refuses_any_wrong_type_with_a_goal_error():
    deck = Deck({"TST-002": 4})
    for wrong in ({"type": {"a": 1}}, {"type": "drawn", "cards": ["X"], "turn": 10**400}):
        with pytest.raises(goldfish.GoalError):
            goldfish.plan("dbscg", deck, [wrong])


def test_finding_7_an_unexpected_error_under_the_api_is_a_json_500(monkeypatch, settings):
    from cards import apis

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(apis.GameListApi, "get", broken)
    answer = Client(raise_request_exception=False).get("/api/v1/games")
    assert answer.status_code == 500
    assert answer["Content-Type"] == "application/json"
    assert "detail" in answer.json()
