"""The run form answers values that are not numbers with its reasons, never a 500.

"Every turn up to t" once sent any `str.isdigit` turn to `int`: `²` passes that test and `int`
refuses it, and `int` refuses a run of thousands of digits too.
"""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from decklab.goldfish.models import SimulationRun
from tests.goldfish.test_pages import form

pytestmark = pytest.mark.usefixtures("dbscg_cards")


@pytest.mark.parametrize("turn", ["²", "9" * 5000, "3.5", "-2"])
def test_every_turn_up_to_a_turn_that_is_not_a_whole_number_says_so(client, player, turn):
    client.force_login(player)
    response = client.post(reverse("goldfish:new"), form(every_turn="1", **{"goal-turn": turn}))
    assert response.status_code == 400
    assert "'turn' must be" in html.unescape(response.content.decode())
    assert not SimulationRun.objects.exists()
