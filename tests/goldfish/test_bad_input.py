"""The run form answers values that are not numbers with its reasons, never a 500.

"Every turn up to t" once sent any `str.isdigit` turn to `int`: `²` passes that test and `int`
refuses it, and `int` refuses a run of thousands of digits too. Goals in JSON nested 100,000 deep
made Python's parser raise `RecursionError`.
"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from decklab.goldfish.models import SimulationRun
from tests.goldfish.runs import form
from tests.legality.conftest import DEEP_JSON

pytestmark = pytest.mark.usefixtures("dbscg_cards")


@pytest.mark.parametrize("turn", ["²", "9" * 5000, "3.5", "-2"])
def test_every_turn_up_to_a_turn_that_is_not_a_whole_number_says_so(client, player, turn):
    client.force_login(player)
    response = client.post(reverse("goldfish:new"), form(every_turn="1", **{"drawn-turn": turn}))
    assert response.status_code == 400
    assert "(turn) must be" in html.unescape(response.content.decode())
    assert not SimulationRun.objects.exists()


def test_goals_typed_as_json_nested_too_deeply_are_refused_with_the_reason(client, player):
    client.force_login(player)
    response = client.post(reverse("goldfish:new"), form(goals_json=DEEP_JSON))
    assert response.status_code == 400
    assert "nested too deeply" in response.content.decode()


def test_the_simulations_api_answers_json_nested_too_deeply_with_400(client, player):
    client.force_login(player)
    response = client.post("/api/v1/simulations", DEEP_JSON, content_type="application/json")
    assert response.status_code == 400
    assert not SimulationRun.objects.exists()
