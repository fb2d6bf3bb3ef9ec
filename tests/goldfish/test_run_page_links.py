"""A run page leads back to a deck: its decklist opens in the stateless builder with one click."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from decklab.goldfish.models import SimulationRun
from tests.goldfish.runs import form

pytestmark = pytest.mark.usefixtures("dbscg_cards")


def test_the_run_page_opens_its_decklist_in_the_deck_builder(client, player):
    client.force_login(player)
    client.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    html = client.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    builder = reverse("decks:build", args=["dbscg"])
    opened = re.search(rf'<form method="post" action="{builder}".*?</form>', html, re.S)
    assert opened, "the run page has a form that posts to the builder"
    fields = dict(re.findall(r'name="(decklist|mode)" value="([^"]*)"', opened.group(0)))
    assert fields["mode"] == "replace" and "TST-002" in fields["decklist"]
    builder_page = client.post(builder, {"decklist": run.decklist, "mode": "replace"}, follow=True)
    assert builder_page.status_code == 200
    deck = builder_page.content.decode()
    assert 'data-number="TST-002"' in deck and "import-problems" not in deck


def test_the_run_page_names_the_game_and_format(client, player):
    client.force_login(player)
    client.post(reverse("goldfish:new"), form())
    run = SimulationRun.objects.get()
    html = client.get(reverse("goldfish:run", kwargs={"pk": run.pk})).content.decode()
    assert "Dragon Ball Super Card Game · ZENKAI" in html
