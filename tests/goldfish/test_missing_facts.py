"""Honest odds on the site (issue 23): a run whose cards lack a fact its goal reads says so on its
page and in the API; the card page's odds link reaches a run that starts as offered."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from cards.importers import import_cards
from decklab.decks.services import deck_create
from decklab.goldfish.models import SimulationRun
from tests.goldfish.conftest import CARDS_CSV, DECKLIST

#: The test cards and one more without an energy cost.
UNCOSTED = "TST-099,Test Mystery,Battle,Red,,\n"
#: DECKLIST with four copies of the card without a cost in place of two others.
GAPPY = DECKLIST.replace("4 TST-012\n", "4 TST-099\n")
MULLIGAN = {"type": "mulligan", "cards": ["TST-002"], "return_cost_at_least": 4}


@pytest.fixture
def cards_with_a_gap(db) -> None:
    import_cards("dbscg", (CARDS_CSV + UNCOSTED).encode(), "cards.csv")


@pytest.fixture
def api(player) -> APIClient:
    client = APIClient()
    client.force_authenticate(player)
    return client


def finished_run(api, django_capture_on_commit_callbacks, **changes) -> int:
    body = {"game": "dbscg", "decklist": GAPPY, "goals": [MULLIGAN], "trials": 500, "seed": 2}
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post("/api/v1/simulations", {**body, **changes}, format="json")
    assert response.status_code == 202, response.content
    return response.json()["id"]


pytestmark = pytest.mark.usefixtures("cards_with_a_gap", "eager_tasks")


def test_the_api_names_the_cards_without_the_fact_a_goal_read(
    api, django_capture_on_commit_callbacks
):
    pk = finished_run(api, django_capture_on_commit_callbacks)
    data = api.get(f"/api/v1/simulations/{pk}").json()
    assert data["missing_facts"] == [
        {
            "goal": 0,
            "fact": "energy_cost",
            "label": "energy cost",
            "stand_in": "counted as 0",
            "cards": ["TST-099 Test Mystery"],
        }
    ]
    assert data["results"]["results"][0]["missing_facts"][0]["cards"] == ["TST-099 Test Mystery"]


def test_the_api_says_the_fact_in_the_reader_s_language(api, django_capture_on_commit_callbacks):
    pk = finished_run(api, django_capture_on_commit_callbacks)
    data = api.get(f"/api/v1/simulations/{pk}", HTTP_ACCEPT_LANGUAGE="ja").json()
    assert (data["missing_facts"][0]["label"], data["missing_facts"][0]["stand_in"]) == (
        "エナジーコスト",
        "0として計算",
    )


def test_a_run_whose_cards_hold_every_fact_lists_none(api, django_capture_on_commit_callbacks):
    pk = finished_run(api, django_capture_on_commit_callbacks, decklist=DECKLIST)
    data = api.get(f"/api/v1/simulations/{pk}").json()
    assert data["missing_facts"] == []
    assert "missing_facts" not in data["results"]["results"][0]


def test_the_schema_documents_the_missing_facts(api):
    schema = api.get("/api/schema/", {"format": "json"}).json()
    run = schema["components"]["schemas"]["SimulationRun"]["properties"]["missing_facts"]
    assert run["type"] == "array" and "stand-in" in run["description"]
    fact = schema["components"]["schemas"]["MissingFact"]["properties"]
    assert set(fact) == {"goal", "fact", "label", "stand_in", "cards"}


def test_the_run_page_warns_with_the_cards_without_the_fact(
    client, player, api, django_capture_on_commit_callbacks
):
    pk = finished_run(api, django_capture_on_commit_callbacks)
    client.force_login(player)
    page = client.get(reverse("goldfish:run", kwargs={"pk": pk})).content.decode()
    assert "read from incomplete card data." in page
    assert "1 card without its energy cost (counted as 0):" in page
    assert "TST-099 Test Mystery" in page
    client.cookies["django_language"] = "ja"
    page = client.get(reverse("goldfish:run", kwargs={"pk": pk})).content.decode()
    assert "不完全なカードデータから計算しました。" in page
    assert "エナジーコストのないカード 1 枚（0として計算）：" in page


def test_a_deck_whose_cards_all_lack_the_fact_is_refused_before_it_runs(api):
    only_gaps = "Leader\n1 TST-001\nMain\n50 TST-099\n"
    body = {"game": "dbscg", "decklist": only_gaps, "goals": [MULLIGAN], "trials": 500}
    body["goals"] = [{**MULLIGAN, "cards": ["TST-099"]}]
    response = api.post("/api/v1/simulations", body, format="json")
    assert response.status_code == 400
    assert "energy cost" in response.json()["detail"]
    assert not SimulationRun.objects.exists()


def test_the_card_page_odds_link_offers_the_player_s_decks_and_runs_as_offered(
    client, player, django_capture_on_commit_callbacks
):
    zones = {"leader": {"TST-001": 1}, "main": {f"TST-{n:03d}": 4 for n in range(2, 14)}}
    zones["main"]["TST-013"] = 6
    mine = deck_create(owner=player, game="dbscg", name="Red test", zones=zones)
    client.force_login(player)
    card_page = client.get(reverse("cards:detail", kwargs={"game": "dbscg", "number": "TST-002"}))
    odds = reverse("decks:odds", args=["dbscg"])
    link = card_page.content.decode().split(f'href="{odds}?', 1)[1].split('"', 1)[0]
    query = dict(part.split("=", 1) for part in link.replace("&amp;", "&").split("&"))
    offered = client.get(odds, query).content.decode()
    assert f'<option value="{mine.pk}">Red test</option>' in offered
    chosen = client.get(odds, {**query, "deck": mine.pk})
    assert chosen.status_code == 302
    page = client.get(chosen["Location"])
    form = page.context["goal_fieldsets"][0]
    decklist = page.context["values"]["decklist"]
    assert "4 TST-002" in decklist and page.context["game"] == "dbscg"
    posted = {
        "game": "dbscg",
        "format": "zenkai",
        "decklist": decklist,
        "goal": "drawn",
        **{f"drawn-{field['name']}": field["value"] for field in form["fields"]},
        "drawn-cards": "TST-002",
        "trials": "500",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("goldfish:new"), posted)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert SimulationRun.objects.get().status == "done"


def test_the_odds_page_of_a_player_without_decks_offers_to_paste_one(client, player):
    client.force_login(player)
    page = client.get(reverse("decks:odds", args=["dbscg"]), {"goal": "drawn"}).content.decode()
    assert "You have no deck of this game yet." in page
    assert 'href="/goldfish/new/?goal=drawn&amp;game=dbscg"' in page
