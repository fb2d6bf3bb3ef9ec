"""Issue 9, finding 7: goldfish decklists are capped in characters and in cards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from decklab.goldfish.models import SimulationRun
from tests.goldfish.runs import form

pytestmark = pytest.mark.usefixtures("dbscg_cards")


@pytest.fixture
def signed_in(client, player):
    client.force_login(player)
    return client


def test_finding_7_a_megabyte_decklist_is_refused_unread(signed_in):
    response = signed_in.post(reverse("goldfish:new"), form(decklist="4 TST-002\n" * 100_000))
    assert response.status_code == 413
    assert len(response.content) < 1_000
    assert not SimulationRun.objects.exists()


def test_finding_7_a_decklist_over_the_character_cap_is_refused(signed_in, settings):
    text = "4 TST-002\n" * (settings.DECKLAB_MAX_DECKLIST_CHARS // 10 + 1)
    response = signed_in.post(reverse("goldfish:new"), form(decklist=text))
    assert response.status_code == 400
    assert "at most 20,000 characters" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_finding_7_a_decklist_of_too_many_cards_is_refused(signed_in):
    text = "Leader\n1 TST-001\nMain\n" + "".join(f"99 TST-{n:03d}\n" for n in range(2, 14))
    response = signed_in.post(reverse("goldfish:new"), form(decklist=text))
    assert response.status_code == 400
    assert "at most 400 cards" in response.content.decode()
    assert not SimulationRun.objects.exists()
