"""Hostile proposals get a clear answer and bounded cost: long cells, many cells, markup, NUL."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from cards.community.models import Proposal
from cards.templatetags.card_text import card_text

pytestmark = pytest.mark.django_db


def test_a_too_long_cell_or_text_is_refused_beside_its_field(player_client, dbscg):
    cells = {"number": "BT1-400", "name": "x" * 501, "type": "Battle", "text": "y" * 5001}
    response = player_client.post(reverse("community:propose", args=["dbscg"]), cells)
    assert response.status_code == 400
    assert set(response.context["form"].errors) == {"name", "text"}
    assert not Proposal.objects.exists()


def test_a_nul_character_is_refused_not_stored(player_client, dbscg):
    cells = {"number": "BT1-400", "name": "bad\x00name", "type": "Battle"}
    response = player_client.post(reverse("community:propose", args=["dbscg"]), cells)
    assert response.status_code == 400 and "name" in response.context["form"].errors


def test_the_api_refuses_too_many_cells_and_unknown_games(player, dbscg):
    api = APIClient()
    api.force_authenticate(player)
    row = {f"column{n}": "1" for n in range(65)}
    response = api.post("/api/v1/proposals", {"game": "dbscg", "row": row}, format="json")
    assert response.status_code == 400 and "row" in response.json()
    unknown = api.post("/api/v1/proposals", {"game": "chess", "row": {}}, format="json")
    assert unknown.status_code == 400 and "game" in unknown.json()
    assert APIClient().get("/api/v1/proposals").status_code in (401, 403)


def test_card_text_markup_is_escaped_and_only_keywords_are_marked():
    shown = card_text("<script>x</script> 【起動】 [Barrier] 《ユニーク》\nnext")
    assert "<script>" not in shown and "&lt;script&gt;" in shown
    assert shown.count('<mark class="keyword">') == 3 and "<br>" in shown
    assert card_text("[" * 10_000) == "[" * 10_000  # no nesting, linear


def test_proposals_of_others_are_a_404_on_the_site(client, player, editor, dbscg):
    from cards.community import proposals

    cells = {"number": "BT1-401", "name": "Mine", "type": "Battle"}
    mine = proposals.propose(player, "dbscg", proposals.check_cells("dbscg", cells))
    from django.contrib.auth import get_user_model

    stranger = get_user_model().objects.create_user("stranger", password="pw-stranger-1")
    client.force_login(stranger)
    assert client.get(reverse("community:proposal", args=[mine.pk])).status_code == 404
    assert client.get(reverse("community:proposal-image", args=[mine.pk])).status_code == 404
